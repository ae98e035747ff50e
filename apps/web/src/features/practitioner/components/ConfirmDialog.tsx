import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to release the selected appointments?'. */
  message: string;
  /** While the confirmed action runs, both buttons are disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A Yes/No question before an action that others will notice (release, claim over an overlap). */
export function ConfirmDialog({ open, title, message, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('practitioner');
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('no')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" autoFocus>
          {t('yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
