import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CollectionInfo, DropboxReceipt } from '@vireo/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toastContext';
import { useMessageText } from '../../lib/messageText';
import { useCollectionChange, useCollectionSearch, useDropboxCollection } from './api';
import { londonDateTime } from './dates';
import { collectionPath } from './paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The search by order id, order reference or kit ID, and the receipts expected today at the scanned dropbox. */
function CollectionSearch({ dropboxId }: { dropboxId: string | null }) {
  const { t } = useTranslation('logistics');
  const messageText = useMessageText();
  const navigate = useNavigate();
  const search = useCollectionSearch();
  const expected = useDropboxCollection(dropboxId);
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    search.mutate(q.trim(), { onSuccess: (orderId) => void navigate(collectionPath(orderId, dropboxId)), onError: (failure) => setError(messageText(failure.message)) });
  };

  const columns: DataColumn<DropboxReceipt>[] = [
    { id: 'reference', label: t('receipts.reference'), render: (r) => r.order_reference, sortValue: (r) => r.order_reference },
    { id: 'kit', label: t('receipts.kit'), render: (r) => r.kit_id, sortValue: (r) => r.kit_id },
    { id: 'time', label: t('receipts.time'), render: (r) => (r.collection_time === null ? t('receipts.notCollected') : londonDateTime(r.collection_time)) },
    {
      id: 'actions',
      label: t('pickups.actions'),
      render: (r) => (
        <Button size="small" variant="outlined" component={RouterLink} to={collectionPath(r.order_id, dropboxId)} aria-label={t('collection.collectLabel', { kit: r.kit_id })}>
          {t('collection.collect')}
        </Button>
      ),
    },
  ];

  return (
    <Stack spacing={3}>
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={submit} noValidate sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('collection.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          error={error !== null}
          helperText={error ?? t('collection.searchHint')}
          sx={{ minWidth: { sm: 360 } }}
        />
        <Button type="submit" variant="contained" disabled={search.isPending || q.trim() === ''} sx={{ mt: { sm: 1 } }}>
          {t('collection.find')}
        </Button>
      </Stack>
      {dropboxId !== null &&
        (expected.isError ? (
          <Alert severity="error">{messageText(expected.error.message)}</Alert>
        ) : expected.data ? (
          <Stack spacing={1}>
            <Typography component="h2" variant="h6">
              {t('collection.expectedToday', { name: expected.data.dropbox.name })}
            </Typography>
            <DataTable label={t('collection.expectedLabel')} columns={columns} rows={expected.data.receipts} rowKey={(r) => r.id} emptyText={t('collection.noneToday')} />
          </Stack>
        ) : (
          <PageLoader />
        ))}
    </Stack>
  );
}

/** An order's samples: marked collected on load (at the scanned dropbox), with the switch that sets them back. */
function OrderCollection({ orderId, dropboxId }: { orderId: string; dropboxId: string | null }) {
  const { t } = useTranslation('logistics');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const change = useCollectionChange();
  const [info, setInfo] = useState<CollectionInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loaded = useRef<string | null>(null);

  const send = (collected: boolean) =>
    change.mutate(
      { id: orderId, collected, dropboxId },
      {
        onSuccess: (answer) => {
          setInfo(answer.data);
          setError(null);
          showToast(messageText(answer.message ?? ''), 'success');
        },
        onError: (failure) => (info ? showToast(messageText(failure.message), 'error') : setError(messageText(failure.message))),
      },
    );

  useEffect(() => {
    if (loaded.current === orderId) return;
    loaded.current = orderId;
    send(true);
    // Marked collected once per order the page loads (spec 3 §2.8).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!info) return <PageLoader />;
  return (
    <Stack spacing={2}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, '& dt': { fontWeight: 500 }, '& dd': { m: 0 } }}>
      <dt>{t('collection.reference')}</dt>
      <dd>{info.order_reference}</dd>
      <dt>{t('collection.kits')}</dt>
      <dd>{info.kit_ids.join(', ')}</dd>
      <dt>{t('collection.dropbox')}</dt>
      <dd>{info.dropbox?.name ?? '—'}</dd>
      <dt>{t('collection.collectedAt')}</dt>
      <dd>{info.collected_at === null ? '—' : londonDateTime(info.collected_at)}</dd>
      <dt>{t('collection.collectedBy')}</dt>
      <dd>{info.collected_by?.name ?? '—'}</dd>
      </Box>
      <FormControlLabel control={<Switch checked={info.collected} disabled={change.isPending} onChange={(event) => send(event.target.checked)} />} label={t('collection.collected')} />
    </Stack>
  );
}

/**
 * /collection/{id} (logistics.collect: super admins, customer services): 0 is none — a search by
 * order id, order reference or kit ID and, with ?dropbox= (the dropbox's QR code), the receipts
 * expected there today; an order's id marks its samples collected on load (spec 3 §2.8).
 */
export function CollectionPage() {
  const { t } = useTranslation('logistics');
  const { id = '0' } = useParams();
  const [params] = useSearchParams();
  const dropbox = params.get('dropbox');
  const dropboxId = dropbox && UUID.test(dropbox) ? dropbox : null;
  const orderId = id !== '0' && UUID.test(id) ? id : null;
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('collection.title')}
        </Typography>
        {orderId ? (
          <>
            <Button component={RouterLink} to={collectionPath('0', dropboxId)} sx={{ alignSelf: 'flex-start' }}>
              {t('collection.another')}
            </Button>
            <OrderCollection key={orderId} orderId={orderId} dropboxId={dropboxId} />
          </>
        ) : (
          <CollectionSearch dropboxId={dropboxId} />
        )}
      </Stack>
    </Paper>
  );
}
