import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES_PAGE_SIZES, MessageDetailResponse, MessageResponse, MessagesResponse, type RecordedMessage } from '@vireo/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { apiRequest } from '../../lib/api';

const TEXT = {
  intro: 'Every e-mail Vireo sends is recorded here, newest first. Without SMTP nothing leaves the machine: open a message here to find its link.',
  recipient: 'Recipient',
  subject: 'Subject',
  status: 'Status',
  time: 'Time',
  actions: 'Actions',
  open: 'Open',
  openLabel: 'Open the message to {recipient}: {subject}',
  empty: 'No messages have been recorded yet.',
  loadError: 'The messages could not be loaded.',
  openError: 'The message could not be opened.',
  retry: 'Try again',
  resend: 'Send again',
  close: 'Close',
  statuses: { recorded: 'Recorded (no SMTP)', sent: 'Sent', failed: 'Failed' } satisfies Record<RecordedMessage['status'], string>,
};

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const when = (seconds: number) => timeFormat.format(new Date(seconds * 1000));

function useMessages(limit: number, offset: number) {
  return useQuery({
    queryKey: ['messages', limit, offset],
    queryFn: ({ signal }) => apiRequest(`/api/messages?${new URLSearchParams({ limit: String(limit), offset: String(offset) }).toString()}`, { schema: MessagesResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One message opened: its body (it may hold a one-time link; the server audits the read) and Send again. */
function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const message = useQuery({
    queryKey: ['messages', 'one', id],
    queryFn: ({ signal }) => apiRequest(`/api/messages/${id}`, { schema: MessageDetailResponse, signal }).then((r) => r.message),
    retry: false,
  });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const resend = async () => {
    setSending(true);
    try {
      const answer = await apiRequest(`/api/messages/${id}/resend`, { method: 'POST', schema: MessageResponse });
      setOutcome({ severity: 'success', text: answer.message });
      await queryClient.invalidateQueries({ queryKey: ['messages'] });
    } catch (error) {
      setOutcome({ severity: 'error', text: error instanceof Error ? error.message : TEXT.openError });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{message.data?.subject ?? TEXT.subject}</DialogTitle>
      <DialogContent>
        {message.isPending && <PageLoader />}
        {message.isError && <Alert severity="error">{TEXT.openError}</Alert>}
        {message.data && (
          <Stack spacing={2}>
            <Typography>
              {TEXT.recipient}: {message.data.recipient} · {TEXT.statuses[message.data.status]} · {when(message.data.created_at)}
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
        <Button onClick={onClose}>{TEXT.close}</Button>
        <Button variant="contained" onClick={() => void resend()} loading={sending} disabled={!message.data}>
          {TEXT.resend}
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
  const { t } = useTranslation();
  const [limit, setLimit] = useState<number>(25);
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useMessages(limit, page * limit);
  const rows = messages.data?.messages ?? [];

  const body = () => {
    if (messages.isError)
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void messages.refetch()}>
              {TEXT.retry}
            </Button>
          }
        >
          {TEXT.loadError}
        </Alert>
      );
    if (!messages.data) return <PageLoader />;
    return (
      <>
        <TableContainer>
          <Table aria-label={t('titles.messages')}>
            <TableHead>
              <TableRow>
                <TableCell>{TEXT.recipient}</TableCell>
                <TableCell>{TEXT.subject}</TableCell>
                <TableCell>{TEXT.status}</TableCell>
                <TableCell>{TEXT.time}</TableCell>
                <TableCell>{TEXT.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>{TEXT.empty}</TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.recipient}</TableCell>
                    <TableCell>{row.subject}</TableCell>
                    <TableCell>{TEXT.statuses[row.status]}</TableCell>
                    <TableCell>{when(row.created_at)}</TableCell>
                    <TableCell>
                      <Button size="small" variant="outlined" onClick={() => setOpenId(row.id)} aria-label={TEXT.openLabel.replace('{recipient}', row.recipient).replace('{subject}', row.subject ?? '')}>
                        {TEXT.open}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={messages.data.total}
          page={page}
          rowsPerPage={limit}
          rowsPerPageOptions={[...MESSAGES_PAGE_SIZES]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setLimit(Number(event.target.value));
            setPage(0);
          }}
        />
      </>
    );
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('titles.messages')}
        </Typography>
        <Typography>{TEXT.intro}</Typography>
        {body()}
      </Stack>
      {openId && <MessageDialog key={openId} id={openId} onClose={() => setOpenId(null)} />}
    </Paper>
  );
}
