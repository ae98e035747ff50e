import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MSG, formatUkDate } from '@vireo/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toastContext';
import { useResultLabel } from '../../../lib/resultLabel';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useRoleProfile, useTestResults } from '../api';
import { PINK } from '../../../components/resultColours';

/**
 * /patient/test-results. "Malformed request" when there is no role profile to ask for,
 * "Malformed response" when the answer is not the expected shape, "Error fetching results" for
 * any other failure; each in the 6-second snackbar.
 */
export function TestResultsPage() {
  const { t } = useTranslation(['patient', 'common']);
  const { showToast } = useToast();
  const profile = useRoleProfile();
  const results = useTestResults(profile.data?.id);
  const resultLabel = useResultLabel();

  useEffect(() => {
    if (profile.isError) showToast(t('results.malformedRequest'), 'error');
  }, [profile.isError, showToast, t]);
  useEffect(() => {
    if (!results.isError) return;
    showToast(results.error.message === MSG.malformedResponse ? t('results.malformedResponse') : t('results.errorFetching'), 'error');
  }, [results.isError, results.error, showToast, t]);

  const rows = results.data ?? [];
  return (
    <Paper sx={{ p: 3, maxWidth: 800, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('common:titles.testResults')}
        </Typography>
        {results.isPending && !profile.isError && !results.isError ? (
          <PageLoader />
        ) : (
          <TableContainer>
            <Table aria-label={t('results.heading')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('results.testDate')}</TableCell>
                  <TableCell>{t('results.result')}</TableCell>
                  <TableCell>
                    <VisuallyHidden>{t('results.download')}</VisuallyHidden>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={3}>{t('results.empty')}</TableCell>
                  </TableRow>
                ) : (
                  rows.map((row) => {
                    const date = formatUkDate(new Date(row.sample_date * 1000));
                    return (
                      <TableRow key={row.id}>
                        <TableCell>{date}</TableCell>
                        <TableCell sx={{ color: row.result === 'Positive' ? PINK : 'text.primary', fontWeight: row.result === 'Positive' ? 600 : undefined }}>{resultLabel(row.result)}</TableCell>
                        <TableCell>
                          {row.file_url ? (
                            <Button variant="outlined" size="small" href={row.file_url} target="_blank" rel="noopener" aria-label={t('results.downloadLabel', { name: row.name, date })}>
                              {t('results.download')}
                            </Button>
                          ) : (
                            t('results.noFile')
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Link component={RouterLink} to="/patient/help">
          {t('results.help')}
        </Link>
      </Stack>
    </Paper>
  );
}
