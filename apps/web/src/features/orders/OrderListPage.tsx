import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ORDER_DEFAULT_PAGE_SIZE, ORDER_SEARCH_TYPES, type OrderListRow } from '@vireo/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { useMessageText } from '../../lib/messageText';
import { formatPence } from '../../lib/money';
import { useDebounced } from '../../lib/useDebounced';
import { useExportOrders, useOrders } from './api';
import { formatPlaced } from './format';
import { initialSearch, type OrderSearch, type OrderSearchType } from './search';

/** The drawer loads once an order is opened: the list alone needs none of its forms. */
const OrderDrawer = lazy(() => import('./OrderDrawer').then((m) => ({ default: m.OrderDrawer })));

const ORDER_PARAM = 'order';

function useColumns(open: (id: string) => void): DataColumn<OrderListRow>[] {
  const { t } = useTranslation('orders');
  return [
    {
      id: 'id',
      label: t('list.columns.id'),
      render: (order) => (
        <Button size="small" onClick={() => open(order.id)} aria-label={t('list.open', { id: order.id })} sx={{ textTransform: 'none', fontFamily: 'monospace' }}>
          {order.id.slice(0, 8)}
        </Button>
      ),
    },
    { id: 'email', label: t('list.columns.email'), render: (order) => order.email },
    { id: 'short_token', label: t('list.columns.shortToken'), render: (order) => <Typography sx={{ fontFamily: 'monospace', fontSize: 'inherit' }}>{order.short_token}</Typography> },
    { id: 'shipping', label: t('list.columns.shipping'), render: (order) => t(`flags.shipping.${order.shipping_flag}`) },
    { id: 'payment', label: t('list.columns.payment'), render: (order) => t(`flags.payment.${order.payment_flag}`) },
    { id: 'amount', label: t('list.columns.amount'), render: (order) => formatPence(order.price, order.currency) },
    { id: 'placed', label: t('list.columns.placed'), render: (order) => formatPlaced(order.created_at) },
    { id: 'source', label: t('list.columns.source'), render: (order) => order.source },
  ];
}

/**
 * /customer_services/order-list and /super_admin/order-list (orders.manage): the orders a page at a
 * time (50 unless chosen), searched by short token, e-mail or discount code (`?discount=` prefills
 * the code), the matching orders exported as CSV; an order opens in the drawer, named in the URL (`?order=`) so a reload keeps it open.
 */
export function OrderListPage() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState<OrderSearch>(() => initialSearch(params));
  const [view, setView] = useState<TableView>({ page: 0, pageSize: ORDER_DEFAULT_PAGE_SIZE, sort: null });
  const settled = useDebounced(search);
  const orders = useOrders(settled, view);
  const exportCsv = useExportOrders();
  const messageText = useMessageText();
  const { showToast } = useToast();
  const opened = params.get(ORDER_PARAM);
  const setOpened = (id: string | null) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      if (id) next.set(ORDER_PARAM, id);
      else next.delete(ORDER_PARAM);
      return next;
    });
  const columns = useColumns(setOpened);
  const change = (next: Partial<OrderSearch>) => {
    setSearch((current) => ({ ...current, ...next }));
    setView((current) => ({ ...current, page: 0 }));
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={3}>
        <Typography component="h1" variant="h4">
          {t('title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="search" aria-label={t('search.label')}>
          <TextField select label={t('search.type')} value={search.type} onChange={(event) => change({ type: event.target.value as OrderSearchType })} sx={{ minWidth: 200 }}>
            {ORDER_SEARCH_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`search.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('search.text')} value={search.text} onChange={(event) => change({ text: event.target.value })} autoComplete="off" sx={{ minWidth: 300, flexGrow: 1 }} />
          <Button
            variant="outlined"
            disabled={exportCsv.isPending}
            onClick={() => exportCsv.mutate(settled, { onError: (error) => showToast(messageText(error.message), 'error') })}
            sx={{ alignSelf: { sm: 'center' }, flexShrink: 0 }}
          >
            {t('list.export')}
          </Button>
        </Stack>
        <QueryState query={orders} errorText={t('list.error')}>
          {(page) => (
            <ServerDataTable
              label={t('list.label')}
              columns={columns}
              rows={page.data}
              rowKey={(order) => order.id}
              emptyText={t('list.empty')}
              total={page.totalCount}
              view={view}
              onViewChange={setView}
            />
          )}
        </QueryState>
      </Stack>
      {opened && (
        <Suspense fallback={null}>
          <OrderDrawer orderId={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
