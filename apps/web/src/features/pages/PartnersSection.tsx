import { zodResolver } from '../../lib/formResolver';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PARTNER_KINDS,
  PARTNER_LANGUAGES,
  PARTNER_LIMITS,
  PARTNER_LOGO_PATTERN,
  PARTNER_MSG,
  PARTNER_SERVICES,
  PartnerInput,
  partnerPagePath,
  type Partner,
  type PartnerData,
} from '@vireo/contracts';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { TextInput } from '../../components/TextInput';
import { useToast } from '../../components/toast/toastContext';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { MessageText, useMessageText } from '../../lib/messageText';
import { usePartnerProducts, usePartners, useSavePartner } from './api';

type PartnerFormValues = PartnerInput;

const FIELDS: readonly FieldPath<PartnerFormValues>[] = ['name', 'slug', 'source', 'kind', 'service', 'language', 'home_page_url', 'logo', 'code_prefixes'];
const EMPTY_RULE = { sku: '', prefixes: '', excluded: '' };
const NEW_PARTNER: PartnerFormValues = {
  name: '',
  slug: '',
  source: '',
  kind: 'holiday',
  service: 'video_gp_product',
  language: 'EN',
  home_page_url: '',
  logo: '',
  code_prefixes: [EMPTY_RULE],
};

function formValuesOf(partner: Partner): PartnerFormValues {
  const { name, slug, source, kind, service, language, home_page_url, logo } = partner;
  return { name, slug, source, kind, service, language, home_page_url, logo, code_prefixes: partner.code_prefixes.map((rule) => ({ sku: rule.sku, prefixes: rule.prefixes.join(', '), excluded: rule.excluded.join(', ') })) };
}

/** The logo as a data URL (the pages show no image from another site), or the logo message. */
function readLogo(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' && reader.result.length <= PARTNER_LIMITS.logo && PARTNER_LOGO_PATTERN.test(reader.result) ? resolve(reader.result) : reject(new Error(PARTNER_MSG.logo)));
    reader.onerror = () => reject(new Error(PARTNER_MSG.logo));
    reader.readAsDataURL(file);
  });
}

function PartnerForm({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const messageText = useMessageText();
  const titleId = useId();
  const logoInput = useRef<HTMLInputElement>(null);
  const { showToast } = useToast();
  const save = useSavePartner();
  const products = usePartnerProducts();
  const form = useForm<PartnerFormValues, unknown, PartnerData>({ resolver: zodResolver(PartnerInput), defaultValues: partner ? formValuesOf(partner) : NEW_PARTNER });
  const { control } = form;
  const rules = useFieldArray({ control, name: 'code_prefixes' });
  const [slug, logo] = useWatch({ control, name: ['slug', 'logo'] });
  const logoError = form.formState.errors.logo?.message;
  const rulesError = form.formState.errors.code_prefixes?.message ?? form.formState.errors.code_prefixes?.root?.message;

  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      form.setValue('logo', await readLogo(file), { shouldDirty: true });
      form.clearErrors('logo');
    } catch {
      form.setError('logo', { type: 'manual', message: PARTNER_MSG.logo });
    }
  };

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: partner?.id ?? null, body },
      {
        onSuccess: (answer) => {
          showToast(messageText(answer.message ?? ''), 'success');
          onClose();
        },
        onError: (error) => {
          const ruleFields = rules.fields.flatMap((_field, index) => [`code_prefixes.${index}.sku`, `code_prefixes.${index}.prefixes`] as const);
          if (!setServerFieldErrors(error, form.setError, [...FIELDS, ...ruleFields])) showToast(messageText(error.message), 'error');
        },
      },
    ),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{partner ? t('partners.form.editTitle') : t('partners.form.newTitle')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <TextInput required control={control} name="name" label={t('partners.form.name')} autoComplete="off" slotProps={{ htmlInput: { maxLength: PARTNER_LIMITS.name } }} />
            <TextInput
              required
              control={control}
              name="slug"
              label={t('partners.form.slug')}
              autoComplete="off"
              helperText={t('partners.form.slugHelp', { path: partnerPagePath(slug || '…') })}
              slotProps={{ htmlInput: { maxLength: PARTNER_LIMITS.slug } }}
            />
            <TextInput required control={control} name="source" label={t('partners.form.source')} autoComplete="off" helperText={t('partners.form.sourceHelp')} slotProps={{ htmlInput: { maxLength: PARTNER_LIMITS.source } }} />
            <TextInput required control={control} name="home_page_url" label={t('partners.form.homePage')} type="url" autoComplete="off" slotProps={{ htmlInput: { maxLength: PARTNER_LIMITS.url } }} />
            <TextInput required control={control} name="kind" label={t('partners.form.kind')} select>
              {PARTNER_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(`partners.kinds.${kind}`)}
                </MenuItem>
              ))}
            </TextInput>
            <TextInput required control={control} name="service" label={t('partners.form.service')} select>
              {PARTNER_SERVICES.map((service) => (
                <MenuItem key={service} value={service}>
                  {t(`partners.services.${service}`)}
                </MenuItem>
              ))}
            </TextInput>
            <TextInput required control={control} name="language" label={t('partners.form.language')} select>
              {PARTNER_LANGUAGES.map((language) => (
                <MenuItem key={language} value={language}>
                  {t(`partners.languages.${language}`)}
                </MenuItem>
              ))}
            </TextInput>
            <Stack spacing={1}>
              <Typography variant="body2" component="span" id={`${titleId}-logo`}>
                {t('partners.form.logo')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {logo ? <Box component="img" src={logo} alt={t('partners.form.logoPreview')} sx={{ maxHeight: 40, maxWidth: 120 }} /> : null}
                <Button variant="outlined" size="small" onClick={() => logoInput.current?.click()} aria-describedby={`${titleId}-logo`}>
                  {t('partners.form.chooseLogo')}
                </Button>
                {logo ? (
                  <Button size="small" onClick={() => form.setValue('logo', '', { shouldDirty: true })}>
                    {t('partners.form.removeLogo')}
                  </Button>
                ) : null}
                <input ref={logoInput} type="file" accept="image/png,image/jpeg,image/webp,image/svg+xml" hidden aria-label={t('partners.form.logo')} onChange={(event) => void chooseLogo(event)} />
              </Stack>
              {logoError ? (
                <FormHelperText error>
                  <MessageText message={logoError} />
                </FormHelperText>
              ) : null}
            </Stack>
          </Box>
          <Typography component="h3" variant="h6" sx={{ mt: 2 }}>
            {t('partners.form.codePrefixes')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('partners.form.codePrefixesHelp')}
          </Typography>
          <Stack spacing={1}>
            {rules.fields.map((field, index) => (
              <Box key={field.id} sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1.5fr 1.5fr auto' } }}>
                <TextInput required control={control} name={`code_prefixes.${index}.sku`} label={t('partners.form.product', { n: index + 1 })} select disabled={!products.data}>
                  {(products.data ?? []).map((product) => (
                    <MenuItem key={product.id} value={product.sku}>
                      {product.title} ({product.sku})
                    </MenuItem>
                  ))}
                </TextInput>
                <TextInput required control={control} name={`code_prefixes.${index}.prefixes`} label={t('partners.form.prefixes', { n: index + 1 })} autoComplete="off" toValue={(typed) => typed.toUpperCase()} />
                <TextInput control={control} name={`code_prefixes.${index}.excluded`} label={t('partners.form.excluded', { n: index + 1 })} autoComplete="off" toValue={(typed) => typed.toUpperCase()} />
                <Button onClick={() => rules.remove(index)} disabled={rules.fields.length === 1} aria-label={t('partners.form.removeRuleLabel', { n: index + 1 })} sx={{ mt: 1 }}>
                  {t('partners.form.removeRule')}
                </Button>
              </Box>
            ))}
            {rulesError ? (
              <FormHelperText error>
                <MessageText message={rulesError} />
              </FormHelperText>
            ) : null}
            <Button onClick={() => rules.append(EMPTY_RULE)} disabled={rules.fields.length >= PARTNER_LIMITS.rules} sx={{ alignSelf: 'flex-start' }}>
              {t('partners.form.addRule')}
            </Button>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Pages Management's partners (issue 18): each partner's booking page, its source label and code prefixes; added and edited here. */
export function PartnersSection() {
  const { t } = useTranslation('pages');
  const messageText = useMessageText();
  const partners = usePartners();
  const [editing, setEditing] = useState<Partner | 'new' | null>(null);
  const columns: DataColumn<Partner>[] = [
    {
      id: 'name',
      label: t('partners.columns.name'),
      render: (p) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {p.logo ? <Box component="img" src={p.logo} alt="" sx={{ maxHeight: 24, maxWidth: 72 }} /> : null}
          <span>{p.name}</span>
        </Stack>
      ),
      sortValue: (p) => p.name,
    },
    { id: 'kind', label: t('partners.columns.kind'), render: (p) => t(`partners.kinds.${p.kind}`), sortValue: (p) => p.kind },
    { id: 'source', label: t('partners.columns.source'), render: (p) => p.source, sortValue: (p) => p.source },
    { id: 'prefixes', label: t('partners.columns.prefixes'), render: (p) => p.code_prefixes.map((rule) => `${rule.sku}: ${rule.prefixes.join(', ')}${rule.excluded.length ? ` (${t('partners.not')} ${rule.excluded.join(', ')})` : ''}`).join('; ') },
    {
      id: 'page',
      label: t('partners.columns.page'),
      render: (p) => (
        <Link href={p.url} target="_blank" rel="noopener noreferrer" aria-label={t('partners.pageLabel', { path: p.url, name: p.name })}>
          {p.url}
        </Link>
      ),
    },
    {
      id: 'actions',
      label: t('actions'),
      render: (p) => (
        <Button size="small" onClick={() => setEditing(p)} aria-label={t('editLabel', { title: p.name })}>
          {t('edit')}
        </Button>
      ),
    },
  ];
  return (
    <Stack spacing={2} component="section" aria-labelledby="partners-heading">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h2" variant="h5" id="partners-heading">
          {t('partners.heading')}
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('partners.add')}
        </Button>
      </Stack>
      {partners.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void partners.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          <MessageText message={PARTNER_MSG.fetch} />
        </Alert>
      ) : partners.data ? (
        <DataTable label={t('partners.heading')} columns={columns} rows={partners.data} rowKey={(p) => p.id} emptyText={messageText(PARTNER_MSG.empty)} />
      ) : (
        <PageLoader />
      )}
      {editing ? <PartnerForm partner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
