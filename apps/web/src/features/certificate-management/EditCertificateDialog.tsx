import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CertificateEdit, type ManagedCertificate } from '@vireo/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/TextInput';
import { useToast } from '../../components/toast/toastContext';
import { zodResolver } from '../../lib/formResolver';
import { useMessageText } from '../../lib/messageText';
import { useCertificateMutations } from './api';

/** yyyy-mm-dd → dd/mm/yyyy */
const formDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Edit on certificate management: the holder's name, date of birth, e-mail and document number. The
 * server reissues the certificate with them (the certificate service) and revokes this one.
 */
export function EditCertificateDialog({ certificate, onClose }: { certificate: ManagedCertificate; onClose: () => void }) {
  const { t } = useTranslation('certificate-management');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const { edit } = useCertificateMutations();
  const [forename = '', ...rest] = certificate.name.split(' ');
  const form = useForm<CertificateEdit>({
    resolver: zodResolver(CertificateEdit),
    mode: 'onTouched',
    defaultValues: {
      forename,
      surname: rest.join(' '),
      date_of_birth: formDate(certificate.date_of_birth),
      email: certificate.email ?? '',
      document_number: certificate.document_number ?? '',
    },
  });
  const submit = form.handleSubmit((body) =>
    edit.mutate(
      { id: certificate.id, body },
      {
        onSuccess: (answer) => {
          showToast(messageText(answer.message), 'success');
          onClose();
        },
        onError: (error) => showToast(messageText(error.message), 'error'),
      },
    ),
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-certificate-title" fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="edit-certificate-title">{t('edit.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('edit.intro')}</Typography>
            <TextInput control={form.control} name="forename" label={t('edit.forename')} required />
            <TextInput control={form.control} name="surname" label={t('edit.surname')} required />
            <TextInput control={form.control} name="date_of_birth" label={t('edit.dateOfBirth')} required />
            <TextInput control={form.control} name="email" label={t('edit.email')} type="email" required />
            <TextInput control={form.control} name="document_number" label={t('edit.documentNumber')} required />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('edit.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={edit.isPending}>
            {t('edit.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
