import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type MessageDetailResponse, type MessageResponse, type MessagesResponse, type RecordedMessage } from '@vireo/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_VIEW, ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { apiRequest } from '../../lib/api';

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const when = (seconds: number) => timeFormat.format(new Date(seconds * 1000));

function useMessages(limit: number, offset: number) {
  return useQuery({
    queryKey: ['messages', limit, offset],
    queryFn: ({ signal }) => apiRequest<typeof MessagesResponse>(`/api/messages?${new URLSearchParams({ limit: String(limit), offset: String(offset) }).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One message opened: its body (it may hold a one-time link; the server audits the read) and Send again. */
function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('super-admin');
  const titleId = useId();
  const queryClient = useQueryClient();
  const message = useQuery({
    queryKey: ['messages', 'one', id],
    queryFn: ({ signal }) => apiRequest<typeof MessageDetailResponse>(`/api/messages/${id}`, { signal }).then((r) => r.message),
    retry: false,
  });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const resend = async () => {
    setSending(true);
    try {
      const answer = await apiRequest<typeof MessageResponse>(`/api/messages/${id}/resend`, { method: 'POST' });
      setOutcome({ severity: 'success', text: answer.message });
      await queryClient.invalidateQueries({ queryKey: ['messages'] });
    } catch (error) {
      setOutcome({ severity: 'error', text: error instanceof Error ? error.message : t('messages.openError') });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{message.data?.subject ?? t('messages.subject')}</DialogTitle>
      <DialogContent>
        {message.isPending && <PageLoader />}
        {message.isError && <Alert severity="error">{t('messages.openError')}</Alert>}
        {message.data && (
          <Stack spacing={2}>
            <Typography>
              {t('messages.recipient')}: {message.data.recipient} · {t(`messages.statuses.${message.data.status}`)} · {when(message.data.created_at)}
            </Typography>
            <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0 }}>
              {message.data.body}
            </Typography>
            {outcome && (
              <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
                {outcome.text}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('messages.close')}</Button>
        <Button variant="contained" onClick={() => void resend()} loading={sending} disabled={!message.data}>
          {t('messages.resend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /super_admin/messages: the e-mails Vireo recorded (recipient, subject, status, time), a page at a
 * time, newest first; open one to read it, and send it again.
 */
export function MessagesPage() {
  const { t } = useTranslation(['super-admin', 'common']);
  const [view, setView] = useState<TableView>(FIRST_VIEW);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useMessages(view.pageSize, view.page * view.pageSize);
  const columns: DataColumn<RecordedMessage>[] = [
    { id: 'recipient', label: t('messages.recipient'), render: (row) => <Box sx={{ overflowWrap: 'anywhere' }}>{row.recipient}</Box> },
    { id: 'subject', label: t('messages.subject'), render: (row) => row.subject },
    { id: 'status', label: t('messages.status'), render: (row) => t(`messages.statuses.${row.status}`) },
    { id: 'time', label: t('messages.time'), render: (row) => when(row.created_at) },
    {
      id: 'actions',
      label: t('messages.actions'),
      render: (row) => (
        <Button size="small" variant="outlined" onClick={() => setOpenId(row.id)} aria-label={t('messages.openLabel', { recipient: row.recipient, subject: row.subject ?? '' })}>
          {t('messages.open')}
        </Button>
      ),
    },
  ];

  const body = () => {
    if (messages.isError)
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void messages.refetch()}>
              {t('messages.retry')}
            </Button>
          }
        >
          {t('messages.loadError')}
        </Alert>
      );
    if (!messages.data) return <PageLoader />;
    return (
      <ServerDataTable
        label={t('common:titles.messages')}
        columns={columns}
        rows={messages.data.messages}
        rowKey={(row) => row.id}
        emptyText={t('messages.empty')}
        total={messages.data.total}
        view={view}
        onViewChange={setView}
      />
    );
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('common:titles.messages')}
        </Typography>
        <Typography>{t('messages.intro')}</Typography>
        {body()}
      </Stack>
      {openId && <MessageDialog key={openId} id={openId} onClose={() => setOpenId(null)} />}
    </Paper>
  );
}
