import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { CERTIFICATE_SEARCH_DEFAULT_PAGE_SIZE, londonCalendarDate, type ManagedCertificate } from '@vireo/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { useMessageText } from '../../lib/messageText';
import { useDebounced } from '../../lib/useDebounced';
import { useCertificateMutations, useCertificatePdf, useCertificates, useExportCertificates, type CertificateSearch } from './api';
import { dayOfInput, formatLondon, inputOfDay, londonDay, londonMidnight } from './dates';

/** The dialog loads once Edit is pressed. */
const EditCertificateDialog = lazy(() => import('./EditCertificateDialog').then((m) => ({ default: m.EditCertificateDialog })));

type QuickFilter = 'today' | 'yesterday' | 'dayBefore' | 'range';
const DAYS_AGO: Record<Exclude<QuickFilter, 'range'>, number> = { today: 0, yesterday: 1, dayBefore: 2 };

/** The [from, to) of a quick filter, or of the from/to dates (both London days, to included). */
function rangeOf(filter: QuickFilter, fromDay: string, toDay: string): { from: number; to: number } | null {
  if (filter !== 'range') return londonDay(new Date(), DAYS_AGO[filter]);
  const from = dayOfInput(fromDay);
  const to = dayOfInput(toDay);
  if (!from || !to) return null;
  const after = new Date(Date.UTC(to.year, to.month - 1, to.day + 1));
  return { from: londonMidnight(from), to: londonMidnight({ year: after.getUTCFullYear(), month: after.getUTCMonth() + 1, day: after.getUTCDate() }) };
}

/**
 * /certificate-management (certificates.manage; super admins and customer services): the
 * certificates created today, yesterday, the day before or between two dates, searched by name, paged
 * and sorted on the server; View opens the certificate's public page in a new tab, Resend e-mails it
 * again, PDF saves its PDF as issued (an audited read), Edit reissues it with corrected details; Export CSV
 * saves the search.
 */
export function CertificateManagementPage() {
  const { t } = useTranslation('certificate-management');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const today = inputOfDay(londonCalendarDate(new Date()));
  const [filter, setFilter] = useState<QuickFilter>('today');
  const [fromDay, setFromDay] = useState(today);
  const [toDay, setToDay] = useState(today);
  const [name, setName] = useState('');
  const [view, setView] = useState<TableView>({ page: 0, pageSize: CERTIFICATE_SEARCH_DEFAULT_PAGE_SIZE, sort: null });
  const [editing, setEditing] = useState<ManagedCertificate | null>(null);
  const settledName = useDebounced(name);
  const range = useMemo(() => rangeOf(filter, fromDay, toDay), [filter, fromDay, toDay]);
  const search: CertificateSearch = { from: range?.from ?? 0, to: range?.to ?? 0, name: settledName };
  const certificates = useCertificates(search, view);
  const exportCsv = useExportCertificates();
  const { resend } = useCertificateMutations();
  const pdf = useCertificatePdf();
  const firstPage = () => setView((current) => ({ ...current, page: 0 }));

  const columns: DataColumn<ManagedCertificate>[] = [
    { id: 'created', label: t('certificates.created'), render: (c) => formatLondon(c.created_at), sortField: 'created' },
    {
      id: 'holder',
      label: t('certificates.holder'),
      render: (c) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{c.name}</span>
          {c.status === 'revoked' && <Chip size="small" label={t('certificates.revoked')} />}
        </Stack>
      ),
      sortField: 'holder',
    },
    { id: 'email', label: t('certificates.email'), render: (c) => c.email ?? '', sortField: 'email' },
    { id: 'type', label: t('certificates.type'), render: (c) => t(`kinds.${c.type}`) },
    { id: 'result', label: t('certificates.result'), render: (c) => c.result },
    { id: 'sent', label: t('certificates.sent'), render: (c) => (c.sent_at ? formatLondon(c.sent_at) : t('certificates.never')), sortField: 'sent' },
    { id: 'opened', label: t('certificates.opened'), render: (c) => (c.opened_at ? formatLondon(c.opened_at) : t('certificates.never')), sortField: 'opened' },
    {
      id: 'actions',
      label: t('certificates.actions'),
      render: (c) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" href={`/verify/${c.id}`} target="_blank" rel="noopener noreferrer" aria-label={t('certificates.viewLabel', { name: c.name })}>
            {t('certificates.view')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={pdf.isPending}
            aria-label={t('certificates.pdfLabel', { name: c.name })}
            onClick={() => pdf.mutate(c, { onError: (error) => showToast(messageText(error.message), 'error') })}
          >
            {t('certificates.pdf')}
          </Button>
          {c.provider_id && c.recipient_id && c.status === 'valid' && (
            <>
              <Button
                size="small"
                disabled={resend.isPending}
                aria-label={t('certificates.resendLabel', { name: c.name })}
                onClick={() =>
                  resend.mutate(c.id, {
                    onSuccess: (answer) => showToast(messageText(answer.message), 'success'),
                    onError: () => showToast(messageText('Error resending certificate'), 'error'),
                  })
                }
              >
                {t('certificates.resend')}
              </Button>
              <Button size="small" aria-label={t('certificates.editLabel', { name: c.name })} onClick={() => setEditing(c)}>
                {t('certificates.edit')}
              </Button>
            </>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={3}>
        <Typography component="h1" variant="h4">
          {t('certificates.title')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} role="search" aria-label={t('certificates.filters')} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={filter}
            aria-label={t('certificates.filters')}
            onChange={(_event, next: QuickFilter | null) => {
              if (!next) return;
              setFilter(next);
              firstPage();
            }}
          >
            <ToggleButton value="today">{t('certificates.today')}</ToggleButton>
            <ToggleButton value="yesterday">{t('certificates.yesterday')}</ToggleButton>
            <ToggleButton value="dayBefore">{t('certificates.dayBefore')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            type="date"
            size="small"
            label={t('certificates.from')}
            value={fromDay}
            onChange={(event) => {
              setFromDay(event.target.value);
              setFilter('range');
              firstPage();
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('certificates.to')}
            value={toDay}
            onChange={(event) => {
              setToDay(event.target.value);
              setFilter('range');
              firstPage();
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            label={t('certificates.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              firstPage();
            }}
            autoComplete="off"
            sx={{ minWidth: 240, flexGrow: 1 }}
          />
          <Button variant="outlined" disabled={exportCsv.isPending || !range} onClick={() => exportCsv.mutate(search, { onError: (error) => showToast(messageText(error.message), 'error') })}>
            {t('certificates.export')}
          </Button>
        </Stack>
        <QueryState query={certificates} errorText={t('certificates.error')}>
          {(page) => (
            <ServerDataTable
              label={t('certificates.label')}
              columns={columns}
              rows={page.data}
              rowKey={(c) => c.id}
              emptyText={t('certificates.empty')}
              total={page.totalCount}
              view={view}
              onViewChange={setView}
            />
          )}
        </QueryState>
      </Stack>
      {editing && (
        <Suspense fallback={null}>
          <EditCertificateDialog certificate={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
