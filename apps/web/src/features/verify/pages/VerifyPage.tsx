import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { QueryState } from '../../../components/QueryState';
import { PRODUCT_NAME } from '../../../lib/config';
import { useVerifiedToken } from '../api';
import { VerificationResult } from '../components/VerificationResult';
import { VerifyFrame } from '../components/VerifyFrame';
import { tokenFrom } from '../token';
import { CertificateStatusPage } from './CertificateStatusPage';

const QrScanner = lazy(() => import('../components/QrScanner').then((m) => ({ default: m.QrScanner })));

function PasteForm({ onToken }: { onToken: (token: string) => void }) {
  const { t } = useTranslation('verify');
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = tokenFrom(value);
    setError(token === null);
    if (token) onToken(token);
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('paste.label')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          helperText={error ? t('paste.notAToken') : t('paste.help')}
          fullWidth
          multiline
          maxRows={4}
          slotProps={{ htmlInput: { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } }}
        />
        <Button type="submit" variant="contained">
          {t('paste.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

function CheckedToken({ token }: { token: string }) {
  const { t } = useTranslation('verify');
  const verification = useVerifiedToken(token);
  return (
    <Box sx={{ width: '100%' }}>
      {verification.isPending && <Typography role="status">{t('checking')}</Typography>}
      <QueryState query={verification}>{(answer) => <VerificationResult verification={answer} />}</QueryState>
    </Box>
  );
}

/** The answer for a fragment: what the service says of a token, and invalid at once for anything that is none. */
function Verification({ token, onAnother }: { token: string | null; onAnother: () => void }) {
  const { t } = useTranslation('verify');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {token === null ? <VerificationResult verification={{ status: 'invalid' }} /> : <CheckedToken token={token} />}
      <Button variant="outlined" onClick={onAnother}>
        {t('another')}
      </Button>
    </Stack>
  );
}

/**
 * /verify (public): the certificate's QR code opens `/verify#<token>`, verified at once (the fragment
 * stays in the browser; the token goes to the API in a POST body only). Without one, the checker
 * pastes the verification link or scans the QR code with the device camera.
 */
function VerifyTokenPage() {
  const { t } = useTranslation('verify');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  const token = tokenFrom(hash);
  const show = useCallback(
    (found: string) => {
      setScanning(false);
      void navigate({ hash: found });
    },
    [navigate],
  );
  return (
    <VerifyFrame heading={t('heading')}>
      {hash !== '' ? (
        <Verification key={hash} token={token} onAnother={() => void navigate({ hash: '' })} />
      ) : (
        <Stack spacing={4}>
          <Typography>{t('intro', { product: PRODUCT_NAME })}</Typography>
          <Box component="section" aria-labelledby="verify-scan">
            <Typography id="verify-scan" component="h2" variant="h6" gutterBottom>
              {t('scan.heading')}
            </Typography>
            {scanning ? (
              <Suspense fallback={<PageLoader />}>
                <QrScanner onToken={show} onStop={() => setScanning(false)} />
              </Suspense>
            ) : (
              <Button variant="contained" onClick={() => setScanning(true)}>
                {t('scan.start')}
              </Button>
            )}
          </Box>
          <Box component="section" aria-labelledby="verify-paste">
            <Typography id="verify-paste" component="h2" variant="h6" gutterBottom>
              {t('paste.heading')}
            </Typography>
            <PasteForm onToken={show} />
          </Box>
        </Stack>
      )}
    </VerifyFrame>
  );
}

/** /verify and /verify/{id}: one route row (the table is in every page's first chunk, /login's included). */
export function VerifyPage() {
  const { '*': id = '' } = useParams();
  return id === '' ? <VerifyTokenPage /> : <CertificateStatusPage id={id} />;
}
