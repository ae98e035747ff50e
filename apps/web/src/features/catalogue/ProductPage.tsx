import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Product } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toastContext';
import { ApiError } from '../../lib/api';
import { useProduct, useProductHistory, useProductMutations } from './api';
import { NEW_PRODUCT, ProductFields, placeServerErrors, useProductForm, type ProductFormValues } from './ProductForm';
import { productData } from './productData';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });

function BackLink() {
  const { t } = useTranslation('catalogue');
  return (
    <Button component={RouterLink} to="/super_admin/product-management" sx={{ alignSelf: 'flex-start' }}>
      {t('form.back')}
    </Button>
  );
}

/** /super_admin/product/create: the new product's form; success opens the product. */
export function ProductCreatePage() {
  const { t } = useTranslation('catalogue');
  const { showToast } = useToast();
  const navigate = useNavigate();
  const form = useProductForm(NEW_PRODUCT);
  const { create } = useProductMutations();
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (product) => {
        showToast(t('form.created'), 'success');
        void navigate(`/super_admin/product/${product.id}`);
      },
      onError: (error) => {
        if (!placeServerErrors(form, error)) showToast(messageOf(error), 'error');
      },
    }),
  );
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(event) => void submit(event)}>
      <BackLink />
      <Typography component="h1" variant="h4">
        {t('form.createTitle')}
      </Typography>
      <Paper sx={{ p: 2 }}>
        <ProductFields form={form} disabled={false} />
      </Paper>
      <Button type="submit" variant="contained" loading={create.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('form.create')}
      </Button>
    </Stack>
  );
}

function History({ id }: { id: string }) {
  const { t } = useTranslation('catalogue');
  const history = useProductHistory(id);
  if (!history.data) return null;
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="product-history">
      <Typography id="product-history" component="h2" variant="h6">
        {t('form.history')}
      </Typography>
      {history.data.length === 0 ? (
        <Typography>{t('form.historyEmpty')}</Typography>
      ) : (
        <List dense>
          {history.data.map((change, index) => (
            <ListItem key={`${change.at}-${index}`} disableGutters>
              <ListItemText
                primary={t('form.historyLine', { action: t(`form.historyActions.${change.action}`), actor: change.actor ?? t('form.system') })}
                secondary={[timeFormat.format(new Date(change.at * 1000)), change.fields.join(', ')].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

function ProductView({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const { showToast } = useToast();
  const [editing, setEditing] = useState(false);
  const form = useProductForm(productData(product) as ProductFormValues);
  const { replace } = useProductMutations();
  const cancel = () => {
    form.reset(productData(product) as ProductFormValues);
    setEditing(false);
  };
  const submit = form.handleSubmit((values) =>
    replace.mutate(
      { id: product.id, body: values },
      {
        onSuccess: (saved) => {
          form.reset(productData(saved) as ProductFormValues);
          setEditing(false);
          showToast(t('form.saved'), 'success');
        },
        onError: (error) => {
          if (!placeServerErrors(form, error)) showToast(messageOf(error), 'error');
        },
      },
    ),
  );
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
          {product.title}
        </Typography>
        <Button variant="outlined" onClick={() => (editing ? cancel() : setEditing(true))}>
          {editing ? t('form.cancel') : t('form.edit')}
        </Button>
        <Button type="submit" variant="contained" disabled={!editing} loading={replace.isPending}>
          {t('form.save')}
        </Button>
      </Stack>
      <Paper sx={{ p: 2 }}>
        <ProductFields form={form} disabled={!editing} />
      </Paper>
      <History id={product.id} />
    </Stack>
  );
}

/** /super_admin/product/{id}: the product in view mode; Edit/Cancel toggles editing, Save leaves edit mode. */
export function ProductPage() {
  const { t } = useTranslation('catalogue');
  const { id = '' } = useParams();
  const product = useProduct(id);
  return (
    <Stack spacing={2}>
      <BackLink />
      {product.isError ? (
        <Alert severity="error">{product.error instanceof ApiError && product.error.status === 404 ? t('form.notFound') : t('table.error')}</Alert>
      ) : product.data ? (
        <ProductView key={product.data.updated_at} product={product.data} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
