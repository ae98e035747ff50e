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
import { TEST_RESULTS } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { useResultLabel } from '../../lib/resultLabel';
import { formatDate } from '../booking';
import { useMyCertificates } from './api';

const isTestResult = (result: string): result is (typeof TEST_RESULTS)[number] => (TEST_RESULTS as readonly string[]).includes(result);

/**
 * /b2c/test-results: the certificates of the customer's bookings (GET /api/certificates/mine): Test
 * Date (the sample's), Results, Download (a 5-minute signed link, fetched afresh with the list).
 * 'No results yet' when there are none.
 */
export function B2cTestResultsPage() {
  const { t, i18n } = useTranslation(['b2c', 'common']);
  const locale = i18n.language === 'de' ? 'de-DE' : 'en-GB';
  const resultLabel = useResultLabel();
  const certificates = useMyCertificates();
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('common:titles.testResults')}
        </Typography>
        <QueryState query={certificates} empty={t('results.empty')} isEmpty={(list) => list.length === 0} errorText={t('results.error')}>
          {(list) => (
            <TableContainer>
              <Table aria-label={t('results.label')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('results.testDate')}</TableCell>
                    <TableCell>{t('results.name')}</TableCell>
                    <TableCell>{t('results.test')}</TableCell>
                    <TableCell>{t('results.result')}</TableCell>
                    <TableCell>{t('results.download')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((certificate) => {
                    const date = formatDate(Date.parse(certificate.sample_time) / 1000, 'Europe/London', locale);
                    return (
                      <TableRow key={certificate.id}>
                        <TableCell>{date}</TableCell>
                        <TableCell>{certificate.name}</TableCell>
                        <TableCell>{certificate.test}</TableCell>
                        <TableCell>{isTestResult(certificate.result) ? resultLabel(certificate.result) : certificate.result}</TableCell>
                        <TableCell>
                          <Link href={certificate.download_url} target="_blank" rel="noopener" aria-label={t('results.downloadLabel', { name: certificate.name, date })}>
                            {t('results.download')}
                          </Link>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
