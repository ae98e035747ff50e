import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { Toast } from './toastContext';

/** Snackbars hide after 6 s (spec 3 §9). */
const TOAST_DURATION_MS = 6_000;

export function ToastSnackbar({ toast, open, onClose }: { toast: Toast; open: boolean; onClose: () => void }) {
  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') onClose();
  };
  return (
    <Snackbar key={toast.id} open={open} autoHideDuration={TOAST_DURATION_MS} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert onClose={() => onClose()} severity={toast.severity} variant="filled" sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
