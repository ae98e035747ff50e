import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { useCertificateStatus } from '../api';
import { VerificationResult } from '../components/VerificationResult';
import { VerifyFrame } from '../components/VerifyFrame';

/** /verify/{id} (public): a certificate's standing by its id, valid, revoked or unknown; opened from its e-mail, the link's signed query marks it opened. */
export function CertificateStatusPage({ id }: { id: string }) {
  const { t } = useTranslation('verify');
  const status = useCertificateStatus(id, useLocation().search);
  return (
    <VerifyFrame heading={t('statusHeading')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ width: '100%' }}>
          <QueryState query={status}>{(answer) => <VerificationResult verification={answer} />}</QueryState>
        </Box>
        <Button component={RouterLink} to="/verify" variant="outlined">
          {t('another')}
        </Button>
      </Stack>
    </VerifyFrame>
  );
}
