import { zodResolver } from '../../lib/formResolver';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PHARMACY_SOURCE,
  PURCHASE_CODE_BATCH_MAX,
  PURCHASE_CODE_PREFIX_MAX,
  PurchaseCodeBatchInput,
  aYearAfter,
  builtInPrefixSkuIn,
  londonIsoDay,
  pharmacySourceCurrency,
  pharmacyUsSource,
  type PurchaseCodeBatch,
  type PurchaseCodeBatchData,
} from '@vireo/contracts';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { TextInput } from '../../components/TextInput';
import { useToast } from '../../components/toast/toastContext';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { PRODUCT_NAME } from '../../lib/config';
import { useMessageText } from '../../lib/messageText';
import { useCreatePurchaseCodeBatch, useExportPurchaseCodes, useProductsOnSale, usePurchaseCodeBatches } from './api';
import { DiscountTabs } from './DiscountTabs';

type BatchFormValues = z.input<typeof PurchaseCodeBatchInput>;
const FIELDS: readonly FieldPath<BatchFormValues>[] = ['source', 'name', 'prefix', 'product_id', 'count', 'uses', 'valid_until'];
const dateSlots = { inputLabel: { shrink: true } } as const;
/** The pharmacy forms' sources a batch is for: Pharmacy (UK products, pounds) and {product}-us (US products, dollars). */
const SOURCES = [PHARMACY_SOURCE, pharmacyUsSource(PRODUCT_NAME)] as const;
const currencyOfBatch = (source: string) => pharmacySourceCurrency(source, PRODUCT_NAME) ?? 'GBP';

function newBatchForm(now = new Date()): BatchFormValues {
  return { source: PHARMACY_SOURCE, name: '', prefix: '', product_id: '', count: '', uses: '1', valid_until: aYearAfter(londonIsoDay(now)) };
}

/**
 * The form of a new batch: its source offers the products of its catalogue only (Pharmacy the UK
 * ones, {product}-us the US ones), and a built-in prefix (ANT, PFF, ATE) picks its own product there
 * as it is typed, or when the source changes.
 */
function BatchForm() {
  const { t } = useTranslation('discounts');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const products = useProductsOnSale();
  const create = useCreatePurchaseCodeBatch();
  const form = useForm<BatchFormValues, unknown, PurchaseCodeBatchData>({ resolver: zodResolver(PurchaseCodeBatchInput), defaultValues: newBatchForm() });
  const { control } = form;
  const currency = currencyOfBatch(useWatch({ control, name: 'source' }) ?? PHARMACY_SOURCE);
  const offered = (products.data ?? []).filter((product) => product.currency === currency);

  /** The product for `prefix` in the source of `source`: a built-in prefix's own; else the one chosen, while it is of that source. */
  const pickProduct = (source: string, prefix: string) => {
    const sourceCurrency = currencyOfBatch(source);
    const sku = builtInPrefixSkuIn(prefix, sourceCurrency);
    const own = sku ? products.data?.find((p) => p.sku === sku) : undefined;
    const chosen = products.data?.find((p) => p.id === form.getValues('product_id'));
    const productId = own?.id ?? (chosen?.currency === sourceCurrency ? chosen.id : '');
    if (productId !== form.getValues('product_id')) form.setValue('product_id', productId, { shouldValidate: form.formState.isSubmitted });
  };
  const prefixTyped = (typed: string) => {
    const prefix = typed.toUpperCase();
    pickProduct(form.getValues('source') ?? PHARMACY_SOURCE, prefix);
    return prefix;
  };
  const sourceChosen = (source: string) => {
    pickProduct(source, form.getValues('prefix') ?? '');
    return source;
  };

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        showToast(messageText(answer.message), 'success');
        form.reset(newBatchForm());
      },
      onError: (error) => {
        if (!setServerFieldErrors(error, form.setError, FIELDS)) showToast(messageText(error.message), 'error');
      },
    }),
  );

  return (
    <Box component="form" noValidate aria-label={t('codes.formLabel')} onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
      <TextInput required control={control} name="source" label={t('codes.form.source')} select toValue={sourceChosen}>
        {SOURCES.map((source) => (
          <MenuItem key={source} value={source}>
            {t(`codes.sources.${currencyOfBatch(source)}`, { source })}
          </MenuItem>
        ))}
      </TextInput>
      <TextInput required control={control} name="name" label={t('codes.form.name')} autoComplete="off" />
      <TextInput
        required
        control={control}
        name="prefix"
        label={t('codes.form.prefix')}
        toValue={prefixTyped}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: PURCHASE_CODE_PREFIX_MAX } }}
      />
      <TextInput required control={control} name="product_id" label={t('codes.form.product')} select disabled={!products.data}>
        {offered.map((product) => (
          <MenuItem key={product.id} value={product.id}>
            {product.title} ({product.sku})
          </MenuItem>
        ))}
      </TextInput>
      <TextInput required control={control} name="count" label={t('codes.form.count', { max: PURCHASE_CODE_BATCH_MAX })} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <TextInput required control={control} name="uses" label={t('codes.form.uses')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <TextInput required control={control} name="valid_until" label={t('codes.form.validUntil')} type="date" slotProps={dateSlots} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('codes.form.generate')}
        </Button>
      </Box>
    </Box>
  );
}

function BatchList() {
  const { t } = useTranslation('discounts');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const batches = usePurchaseCodeBatches();
  const exportCsv = useExportPurchaseCodes();
  if (batches.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void batches.refetch()}>
            {t('codes.retry')}
          </Button>
        }
      >
        {t('codes.error')}
      </Alert>
    );
  if (!batches.data) return <PageLoader />;
  const columns: DataColumn<PurchaseCodeBatch>[] = [
    { id: 'name', label: t('codes.columns.name'), render: (b) => b.name, sortValue: (b) => b.name },
    { id: 'prefix', label: t('codes.columns.prefix'), render: (b) => b.prefix, sortValue: (b) => b.prefix },
    { id: 'product', label: t('codes.columns.product'), render: (b) => `${b.product_title} (${b.product_sku})` },
    { id: 'count', label: t('codes.columns.count'), render: (b) => b.count, sortValue: (b) => b.count },
    { id: 'uses', label: t('codes.columns.usesPerCode'), render: (b) => b.uses_per_code },
    { id: 'validUntil', label: t('codes.columns.validUntil'), render: (b) => b.valid_until, sortValue: (b) => b.valid_until },
    { id: 'used', label: t('codes.columns.used'), render: (b) => b.used, sortValue: (b) => b.used },
    { id: 'left', label: t('codes.columns.left'), render: (b) => b.left, sortValue: (b) => b.left },
    {
      id: 'actions',
      label: t('codes.columns.actions'),
      render: (b) => (
        <Button
          size="small"
          variant="outlined"
          disabled={exportCsv.isPending}
          onClick={() => exportCsv.mutate(b.id, { onError: (error) => showToast(messageText(error.message), 'error') })}
          aria-label={t('codes.exportLabel', { name: b.name })}
        >
          {t('codes.export')}
        </Button>
      ),
    },
  ];
  return <DataTable label={t('codes.label')} columns={columns} rows={batches.data} rowKey={(b) => b.id} emptyText={t('codes.empty')} />;
}

/**
 * /super_admin/purchase-codes (discounts.manage), the Purchase Codes tab (issue 17): a batch of codes
 * generated for one product, and the batches with the uses taken and left, each exported as CSV.
 */
export function PurchaseCodesPage() {
  const { t } = useTranslation('discounts');
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={3}>
        <DiscountTabs current="codes" />
        <Stack spacing={2}>
          <Typography component="h2" variant="h6">
            {t('codes.generateTitle')}
          </Typography>
          <BatchForm />
        </Stack>
        <Stack spacing={2}>
          <Typography component="h2" variant="h6">
            {t('codes.batchesTitle')}
          </Typography>
          <BatchList />
        </Stack>
      </Stack>
    </Paper>
  );
}
