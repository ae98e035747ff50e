import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/messageText';

/**
 * Cancel order (spec 3 §2.9, §4): enabled only when the typed e-mail is exactly the order's billing
 * e-mail; the server checks it again (DELETE /order/{id}?email=), then the page reloads.
 */
export function CancelOrderDialog({ orderId, billingEmail, onCancelOrder, onClose }: { orderId: string; billingEmail: string; onCancelOrder: (email: string) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const messageText = useMessageText();
  const titleId = useId();
  const textId = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const matches = email === billingEmail;

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onCancelOrder(email);
      window.location.reload();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('drawer.failed'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('drawer.cancel.title', { id: orderId })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {t('drawer.cancel.text')}
        </DialogContentText>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {messageText(failure)}
          </Alert>
        )}
        <TextField label={t('drawer.cancel.email')} type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" fullWidth autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('drawer.cancel.keep')}
        </Button>
        <Button color="error" variant="contained" disabled={!matches || busy} loading={busy} onClick={() => void confirm()}>
          {t('drawer.cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
