import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastSeverity } from './toastContext';

/** Snackbars hide after 6 s (spec 3 §9). */
const TOAST_DURATION_MS = 6_000;

interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  const showToast = useCallback((message: string, severity: ToastSeverity = 'info') => {
    setToast({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const api = useMemo<ToastApi>(() => ({ showToast }), [showToast]);

  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') setOpen(false);
  };

  return (
    <ToastContext value={api}>
      {children}
      <Snackbar
        key={toast?.id}
        open={open}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert onClose={() => close()} severity={toast?.severity ?? 'info'} variant="filled" sx={{ width: '100%' }}>
          {toast?.message}
        </Alert>
      </Snackbar>
    </ToastContext>
  );
}
