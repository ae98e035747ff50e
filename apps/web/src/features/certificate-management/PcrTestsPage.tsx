import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PCR_DEFAULT_PAGE_SIZE, PCR_WINDOW_DAYS, pcrHighlight, type PcrTest } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useToast } from '../../components/toast/toastContext';
import { useMessageText } from '../../lib/messageText';
import { usePcrTests, useSendPcrCertificate } from './api';
import { formatLondon } from './dates';

/** Row backgrounds of the spec's highlights (light, so the row's text keeps its contrast). */
export const HIGHLIGHT_BACKGROUNDS = { red: '#ffcdd2', orange: '#ffe0b2' } as const;

/** The window: the last 30 days up to a day ahead (a clock a little ahead of the browser's). */
function windowOf(): { from: number; to: number } {
  const now = Math.floor(new Date().getTime() / 1000);
  return { from: now - PCR_WINDOW_DAYS * 86_400, to: now + 86_400 };
}

/**
 * /super_admin/pcr-management (lab_results.manage): the PCR tests sampled in the last 30 days, latest
 * first; red at 48 hours or more since sampling without a result, orange at 24 (measured from the
 * server's time); View opens the appointment, Send Certificate e-mails the certificate of a result.
 */
export function PcrTestsPage() {
  const { t } = useTranslation('certificate-management');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const [range] = useState(windowOf);
  const [view, setView] = useState<TableView>({ page: 0, pageSize: PCR_DEFAULT_PAGE_SIZE, sort: null });
  const tests = usePcrTests(range.from, range.to, view);
  const send = useSendPcrCertificate();
  const now = tests.data?.now ?? range.to - 86_400;
  const highlightOf = (row: PcrTest) => pcrHighlight(row.sample_date, row.test_result, now);
  const nameOf = (row: PcrTest) => `${row.first_name} ${row.last_name}`;

  const columns: DataColumn<PcrTest>[] = [
    {
      id: 'firstName',
      label: t('pcr.firstName'),
      render: (row) => {
        const highlight = highlightOf(row);
        return (
          <>
            {row.first_name}
            {highlight && <VisuallyHidden> ({t(highlight === 'red' ? 'pcr.waiting48' : 'pcr.waiting24')})</VisuallyHidden>}
          </>
        );
      },
    },
    { id: 'lastName', label: t('pcr.lastName'), render: (row) => row.last_name },
    { id: 'sampled', label: t('pcr.sampled'), render: (row) => (row.sample_date ? formatLondon(row.sample_date) : '') },
    { id: 'kitId', label: t('pcr.kitId'), render: (row) => <Typography sx={{ fontFamily: 'monospace', fontSize: 'inherit' }}>{row.kit_id ?? ''}</Typography> },
    { id: 'inLab', label: t('pcr.inLab'), render: (row) => (row.receipt_date ? formatLondon(row.receipt_date) : '') },
    { id: 'result', label: t('pcr.result'), render: (row) => (row.test_result ? t(`codes.${row.test_result}`) : '') },
    {
      id: 'actions',
      label: t('pcr.actions'),
      render: (row) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" component={RouterLink} to={`/practitioner/appointment?appointmentId=${row.booking_id}`} aria-label={t('pcr.viewLabel', { name: nameOf(row) })}>
            {t('pcr.view')}
          </Button>
          {row.test_result && row.test_result !== 'IDT' && (
            <Button
              size="small"
              disabled={send.isPending}
              aria-label={t('pcr.sendLabel', { name: nameOf(row) })}
              onClick={() =>
                send.mutate(row.booking_user_id, {
                  onSuccess: (answer) => showToast(messageText(answer.message), 'success'),
                  onError: () => showToast(messageText('Something went wrong!'), 'error'),
                })
              }
            >
              {t('pcr.send')}
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('pcr.title')}
        </Typography>
        <Typography variant="body2">{t('pcr.legend')}</Typography>
        <QueryState query={tests} errorText={t('pcr.error')}>
          {(page) => (
            <ServerDataTable
              label={t('pcr.label')}
              columns={columns}
              rows={page.data}
              rowKey={(row) => row.booking_user_id}
              emptyText={t('pcr.empty')}
              total={page.totalCount}
              view={view}
              onViewChange={setView}
              rowSx={(row) => {
                const highlight = highlightOf(row);
                return highlight ? { backgroundColor: HIGHLIGHT_BACKGROUNDS[highlight] } : undefined;
              }}
            />
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
