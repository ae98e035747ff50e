import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useMessageText } from '../../lib/messageText';
import type { Toast } from './toastContext';

/** Snackbars hide after 6 s (spec 3 §9). */
const TOAST_DURATION_MS = 6_000;

/** A toast in the interface's language: a text the server or contracts gave in English is translated (lib/messageText). */
export function ToastSnackbar({ toast, open, onClose }: { toast: Toast; open: boolean; onClose: () => void }) {
  const messageText = useMessageText();
  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') onClose();
  };
  return (
    <Snackbar key={toast.id} open={open} autoHideDuration={TOAST_DURATION_MS} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert onClose={() => onClose()} severity={toast.severity} variant="filled" sx={{ width: '100%' }}>
        {messageText(toast.message)}
      </Alert>
    </Snackbar>
  );
}
