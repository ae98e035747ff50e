import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type Toast, type ToastApi, type ToastSeverity } from './toastContext';

/** The snackbar's code loads with the first toast: most pages never show one. */
const ToastSnackbar = lazy(() => import('./ToastSnackbar').then((m) => ({ default: m.ToastSnackbar })));

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  const showToast = useCallback((message: string, severity: ToastSeverity = 'info') => {
    setToast({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const api = useMemo<ToastApi>(() => ({ showToast }), [showToast]);

  const close = useCallback(() => setOpen(false), []);

  return (
    <ToastContext value={api}>
      {children}
      {toast && (
        <Suspense>
          <ToastSnackbar toast={toast} open={open} onClose={close} />
        </Suspense>
      )}
    </ToastContext>
  );
}
