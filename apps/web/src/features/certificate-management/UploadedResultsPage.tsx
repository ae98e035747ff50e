import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CERTIFICATE_ADMIN_MSG, RESULT_TEMPLATES, type ResultTemplate, type ResultUploadSummary, type UploadedResult } from '@vireo/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { useToast } from '../../components/toast/toastContext';
import { ApiError } from '../../lib/apiError';
import { useMessageText } from '../../lib/messageText';
import { downloadTemplate, useSendCertificate, useUploadResults, useUploadSummary } from './api';
import { formatLondon } from './dates';

interface RowError {
  key: string;
  line: string;
  column: string;
  message: string;
}

/** The server's errors of a refused file: `{line}.{column}` keys, in line order. */
function rowErrorsOf(errors: Record<string, string>): RowError[] {
  return Object.entries(errors)
    .map(([key, message]) => {
      const [line = '', ...column] = key.split('.');
      return { key, line, column: column.join('.') === '_' ? '' : column.join('.'), message };
    })
    .sort((a, b) => Number(a.line) - Number(b.line) || a.column.localeCompare(b.column));
}

/**
 * /super_admin/certificates-list (lab_results.manage): the six results templates, each with Download
 * (its header row) and Upload. A refused file lists every row's error and stores nothing; a stored one
 * shows 'Uploaded/Positive Results' (positives first, marked) with Send per certificate, and Back. Its
 * certificates are made after the answer: the upload's summary, asked again every 2 s, counts them, and
 * Send waits until every one is made.
 */
export function UploadedResultsPage() {
  const { t } = useTranslation('certificate-management');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const upload = useUploadResults();
  const send = useSendCertificate();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ResultTemplate | null>(null);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [results, setResults] = useState<UploadedResult[] | null>(null);
  const [uploaded, setUploaded] = useState<ResultUploadSummary | null>(null);
  const summaryQuery = useUploadSummary(results ? (uploaded?.id ?? null) : null);
  const summary = summaryQuery.data?.data ?? uploaded;
  const making = summary !== null && summary.certificates_made < summary.certificates_expected;

  const choose = (template: ResultTemplate) => {
    setChosen(template);
    input.current?.click();
  };
  const uploadFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !chosen) return;
    setErrors([]);
    upload.mutate(
      { template: chosen, file },
      {
        onSuccess: (answer) => {
          showToast(messageText(answer.message), 'success');
          setResults(answer.data);
          setUploaded(answer.upload);
        },
        onError: (error) => {
          showToast(messageText(CERTIFICATE_ADMIN_MSG.uploadFailed), 'error');
          setErrors(error instanceof ApiError && error.errors ? rowErrorsOf(error.errors) : [{ key: '_', line: '', column: '', message: error.message }]);
        },
      },
    );
  };

  if (results) {
    const nameOf = (row: UploadedResult) => `${row.first_name} ${row.last_name}`;
    const columns: DataColumn<UploadedResult>[] = [
      { id: 'id', label: t('uploads.id'), render: (row) => <Typography sx={{ fontFamily: 'monospace', fontSize: 'inherit' }}>{row.id?.slice(0, 8) ?? t('uploads.noCertificate')}</Typography> },
      { id: 'firstName', label: t('uploads.firstName'), render: (row) => row.first_name },
      { id: 'lastName', label: t('uploads.lastName'), render: (row) => row.last_name },
      { id: 'sampled', label: t('uploads.sampled'), render: (row) => formatLondon(row.date_sampled) },
      { id: 'sampleType', label: t('uploads.sampleType'), render: (row) => row.sample_type },
      {
        id: 'result',
        label: t('uploads.result'),
        render: (row) =>
          row.positive ? <Chip size="small" color="error" label={`${t(`codes.${row.result!}`)} — ${t('uploads.positive')}`} /> : row.result ? t(`codes.${row.result}`) : t('uploads.inLab'),
      },
      {
        id: 'actions',
        label: t('uploads.actionsColumn'),
        render: (row) =>
          row.id && (
            <Button
              size="small"
              disabled={send.isPending || making}
              aria-label={t('uploads.sendLabel', { name: nameOf(row) })}
              onClick={() =>
                send.mutate(row.id!, {
                  onSuccess: () => showToast(messageText(CERTIFICATE_ADMIN_MSG.emailSent), 'success'),
                  onError: () => showToast(messageText(CERTIFICATE_ADMIN_MSG.somethingWrong), 'error'),
                })
              }
            >
              {t('uploads.send')}
            </Button>
          ),
      },
    ];
    return (
      <Paper sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography component="h1" variant="h4">
              {t('uploads.results')}
            </Typography>
            <Button variant="outlined" onClick={() => setResults(null)}>
              {t('uploads.back')}
            </Button>
          </Stack>
          {summary && summary.certificates_expected > 0 && (
            <Alert severity={making ? 'info' : 'success'} role="status">
              {t('uploads.certificatesMade', { made: summary.certificates_made, expected: summary.certificates_expected })}
              {making && ` ${t('uploads.certificatesWait')}`}
            </Alert>
          )}
          <DataTable label={t('uploads.resultsLabel')} columns={columns} rows={results} rowKey={(row) => row.booking_user_id} emptyText={t('pcr.empty')} />
        </Stack>
      </Paper>
    );
  }

  const templateColumns: DataColumn<ResultTemplate>[] = [
    { id: 'template', label: t('uploads.template'), render: (template) => template },
    {
      id: 'actions',
      label: t('uploads.actions'),
      render: (template) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" aria-label={t('uploads.downloadLabel', { template })} onClick={() => void downloadTemplate(template).catch(() => showToast(t('uploads.downloadFailed'), 'error'))}>
            {t('uploads.download')}
          </Button>
          <Button size="small" variant="contained" disabled={upload.isPending} aria-label={t('uploads.uploadLabel', { template })} onClick={() => choose(template)}>
            {t('uploads.upload')}
          </Button>
        </Stack>
      ),
    },
  ];
  const errorColumns: DataColumn<RowError>[] = [
    { id: 'line', label: t('uploads.line'), render: (row) => row.line },
    { id: 'column', label: t('uploads.column'), render: (row) => row.column },
    { id: 'message', label: t('uploads.message'), render: (row) => messageText(row.message) },
  ];

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('uploads.title')}
        </Typography>
        <input ref={input} type="file" accept=".csv,text/csv" hidden aria-hidden="true" tabIndex={-1} onChange={uploadFile} data-testid="results-file" />
        <DataTable label={t('uploads.label')} columns={templateColumns} rows={[...RESULT_TEMPLATES]} rowKey={(template) => template} emptyText="" />
        {errors.length > 0 && (
          <Stack spacing={1}>
            <Alert severity="error">{t('uploads.errorsTitle')}</Alert>
            <DataTable label={t('uploads.errorsLabel')} columns={errorColumns} rows={errors} rowKey={(row) => row.key} emptyText="" />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
