import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Product } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toastContext';
import { useAllProducts, useProductMutations } from './api';
import { KitsPanel } from './KitsPanel';
import { formatPrice, productData } from './productData';

/** The server's text of a failed call, for a toast (spec 3 §8: server errors in toasts). */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function ProductList() {
  const { t } = useTranslation('catalogue');
  const { showToast } = useToast();
  const products = useAllProducts();
  const { replace, switchAll, remove } = useProductMutations();
  const confirmedDelete = useConfirmedDelete({
    remove,
    title: () => t('table.confirmTitle'),
    message: t('table.confirmDelete'),
    confirmLabel: t('table.yes'),
    cancelLabel: t('table.no'),
    deleted: () => t('table.deleted'),
  });

  const flip = (product: Product, field: 'out_of_stock' | 'active') =>
    replace.mutate({ id: product.id, body: { ...productData(product), [field]: product[field] === 1 ? 0 : 1 } }, { onError: (error) => showToast(messageOf(error), 'error') });
  const setAll = (field: 'out_of_stock' | 'active', value: 0 | 1) =>
    switchAll.mutate(
      { field, value },
      { onSuccess: (answer) => showToast(t('table.switchedAll', { count: answer.data.changed }), 'success'), onError: (error) => showToast(messageOf(error), 'error') },
    );
  if (products.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void products.refetch()}>
            {t('table.retry')}
          </Button>
        }
      >
        {t('table.error')}
      </Alert>
    );
  if (!products.data) return <PageLoader />;
  const rows = products.data;
  const allInStock = rows.length > 0 && rows.every((p) => p.out_of_stock === 0);
  const allActive = rows.length > 0 && rows.every((p) => p.active === 1);
  const busy = replace.isPending || switchAll.isPending;

  const columns: DataColumn<Product>[] = [
    { id: 'title', label: t('table.columns.title'), render: (p) => p.title, sortValue: (p) => p.title },
    { id: 'sku', label: t('table.columns.sku'), render: (p) => p.sku, sortValue: (p) => p.sku },
    { id: 'type', label: t('table.columns.type'), render: (p) => p.type, sortValue: (p) => p.type },
    { id: 'price', label: t('table.columns.price'), render: formatPrice, sortValue: (p) => p.price },
    {
      id: 'inStock',
      label: t('table.columns.inStock'),
      render: (p) => (
        <Switch checked={p.out_of_stock === 0} disabled={busy} onChange={() => flip(p, 'out_of_stock')} slotProps={{ input: { 'aria-label': t('table.inStockLabel', { title: p.title }) } }} />
      ),
    },
    {
      id: 'active',
      label: t('table.columns.active'),
      render: (p) => <Switch checked={p.active === 1} disabled={busy} onChange={() => flip(p, 'active')} slotProps={{ input: { 'aria-label': t('table.activeLabel', { title: p.title }) } }} />,
    },
    {
      id: 'actions',
      label: t('table.columns.actions'),
      render: (p) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" component={RouterLink} to={`/super_admin/product/${p.id}`} aria-label={t('table.viewLabel', { title: p.title })}>
            {t('table.view')}
          </Button>
          <Button size="small" color="error" onClick={() => confirmedDelete.ask(p)} aria-label={t('table.deleteLabel', { title: p.title })}>
            {t('table.delete')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        <FormControlLabel control={<Switch checked={allInStock} disabled={busy || rows.length === 0} onChange={() => setAll('out_of_stock', allInStock ? 1 : 0)} />} label={t('table.allInStock')} />
        <FormControlLabel control={<Switch checked={allActive} disabled={busy || rows.length === 0} onChange={() => setAll('active', allActive ? 0 : 1)} />} label={t('table.allActive')} />
      </Stack>
      <DataTable label={t('table.label')} columns={columns} rows={rows} rowKey={(p) => p.id} emptyText={t('table.empty')} />
      {confirmedDelete.dialog}
    </Stack>
  );
}

/**
 * /super_admin/product-management (products.manage): the Product Table with its tabs Product List and
 * New Product (/super_admin/product/create), and Kits: the approved kits' register.
 */
export function ProductManagementPage() {
  const { t } = useTranslation('catalogue');
  const [tab, setTab] = useState<'list' | 'kits'>('list');
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {t('table.title')}
      </Typography>
      <Tabs value={tab} onChange={(_event, value: 'list' | 'kits' | 'create') => value !== 'create' && setTab(value)} aria-label={t('table.title')}>
        <Tab value="list" label={t('table.tabs.list')} />
        <Tab value="create" label={t('table.tabs.create')} component={RouterLink} to="/super_admin/product/create" />
        <Tab value="kits" label={t('table.tabs.kits')} />
      </Tabs>
      <Paper sx={{ p: 2 }}>{tab === 'list' ? <ProductList /> : <KitsPanel />}</Paper>
    </Stack>
  );
}
