import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { CertificateFacts } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../lib/config';
import { useResultLabel } from '../../../lib/resultLabel';
import type { Verification } from '../api';

const SEVERITY = { valid: 'success', revoked: 'warning', invalid: 'error', unknown: 'error' } as const;

function localeOf(language: string): string {
  return language === 'de' ? 'de-DE' : 'en-GB';
}

/** yyyy-mm-dd as a calendar date in the interface's language. */
function formatDateOfBirth(value: string, language: string): string {
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return value;
  return new Intl.DateTimeFormat(localeOf(language), { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.UTC(year, month - 1, day)));
}

function formatSampleTime(value: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeZone: 'Europe/London', dateStyle: 'long', timeStyle: 'short' }).format(new Date(value));
}

function Facts({ certificate }: { certificate: CertificateFacts }) {
  const { t, i18n } = useTranslation('verify');
  const resultLabel = useResultLabel();
  const rows: [string, string][] = [
    [t('facts.name'), certificate.name],
    [t('facts.dateOfBirth'), formatDateOfBirth(certificate.date_of_birth, i18n.language)],
    [t('facts.test'), certificate.test],
    [t('facts.result'), certificate.result === 'Positive' || certificate.result === 'Negative' ? resultLabel(certificate.result) : certificate.result],
    [t('facts.sampleTime'), formatSampleTime(certificate.sample_time, i18n.language)],
    [t('facts.id'), certificate.id],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}>
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 700 }}>
            {term}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The answer for a checker: valid (green, with only the facts a checker needs), revoked, invalid or
 * unknown. A valid answer is a status; the others are alerts.
 */
export function VerificationResult({ verification }: { verification: Verification }) {
  const { t } = useTranslation('verify');
  const { status, certificate } = verification;
  return (
    <Alert severity={SEVERITY[status]} role={status === 'valid' ? 'status' : 'alert'} data-status={status}>
      <AlertTitle component="h2" sx={{ typography: 'h6' }}>
        {t(`result.${status}.heading`)}
      </AlertTitle>
      {t(`result.${status}.text`, { product: PRODUCT_NAME })}
      {status === 'valid' && certificate && <Facts certificate={certificate} />}
    </Alert>
  );
}
