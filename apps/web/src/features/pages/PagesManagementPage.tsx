import { zodResolver } from '../../lib/formResolver';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { InfoPageRequest, PAGE_LIMITS, type InfoPage, type PageEntry } from '@vireo/contracts';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toastContext';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { ApiError } from '../../lib/api';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { useInfoPage, usePageMutations, usePages } from './api';
import { PartnersSection } from './PartnersSection';

const FIELDS: FieldPath<InfoPageRequest>[] = ['title', 'source', 'slug', 'body', 'published'];
const EMPTY: InfoPageRequest = { title: '', source: '', slug: '', body: '', published: false };

function PageForm({ id, page, onClose }: { id: string | null; page: InfoPage | null; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const { showToast } = useToast();
  const { save } = usePageMutations();
  const form = useForm<InfoPageRequest>({
    resolver: zodResolver(InfoPageRequest),
    defaultValues: page ? { title: page.title, source: page.source, slug: page.slug, body: page.body, published: page.published } : EMPTY,
  });
  const { errors } = form.formState;
  const slug = useWatch({ control: form.control, name: 'slug' });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id, body },
      {
        onSuccess: (answer) => {
          showToast(answer.message ?? '', 'success');
          onClose();
        },
        onError: (error) => {
          if (!setServerFieldErrors(error, form.setError, FIELDS)) showToast(error instanceof ApiError ? error.message : t('form.error'), 'error');
        },
      },
    ),
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{id ? t('form.editTitle') : t('form.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('form.title')} required slotProps={{ htmlInput: { maxLength: PAGE_LIMITS.title } }} {...form.register('title')} error={!!errors.title} helperText={errors.title?.message} autoComplete="off" />
            <TextField label={t('form.source')} required slotProps={{ htmlInput: { maxLength: PAGE_LIMITS.source } }} {...form.register('source')} error={!!errors.source} helperText={errors.source?.message} autoComplete="off" />
            <TextField
              label={t('form.slug')}
              required
              slotProps={{ htmlInput: { maxLength: PAGE_LIMITS.slug } }}
              {...form.register('slug')}
              error={!!errors.slug}
              helperText={errors.slug?.message ?? t('form.slugHelp', { slug: slug || '…' })}
              autoComplete="off"
            />
            <TextField label={t('form.body')} multiline minRows={8} maxRows={24} {...form.register('body')} error={!!errors.body} helperText={errors.body?.message ?? t('form.bodyHelp')} />
            <Controller
              control={form.control}
              name="published"
              render={({ field }) => (
                <FormControlLabel control={<Switch checked={field.value} onChange={(_e, checked) => field.onChange(checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />} label={t('form.published')} />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Loads an info page's Markdown before its form opens. */
function EditPage({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const page = useInfoPage(id);
  if (page.data) return <PageForm id={id} page={page.data} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-label={t('form.editTitle')}>
      <DialogContent>{page.isError ? <Alert severity="error">{t('loadError')}</Alert> : <PageLoader />}</DialogContent>
    </Dialog>
  );
}

/**
 * /super_admin/pages-management (spec 3 §2.6): every page, built in or an info page, with View
 * (its address in a new tab); info pages are added, edited and deleted here, and below them the
 * partners whose booking pages are /book_test_{slug} (issue 18).
 */
export function PagesManagementPage() {
  const { t } = useTranslation('pages');
  const pages = usePages();
  const { remove } = usePageMutations();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const confirmedDelete = useConfirmedDelete({
    remove,
    title: (row: PageEntry) => t('deleteLabel', { title: row.title }),
    message: t('confirmDelete'),
    confirmLabel: t('yes'),
    cancelLabel: t('no'),
    deleted: (answer) => answer.message,
  });
  const columns: DataColumn<PageEntry>[] = [
    { id: 'title', label: t('title'), render: (p) => (p.published ? p.title : `${p.title} (${t('draft')})`), sortValue: (p) => p.title },
    { id: 'source', label: t('source'), render: (p) => (p.kind === 'built_in' ? `${p.source} · ${t('builtIn')}` : p.source), sortValue: (p) => p.source },
    {
      id: 'view',
      label: t('view'),
      render: (p) => (
        <Link href={p.url} target="_blank" rel="noopener noreferrer" aria-label={t('viewLabel', { title: p.title })}>
          {t('view')}
        </Link>
      ),
    },
    {
      id: 'actions',
      label: t('actions'),
      render: (p) =>
        p.kind === 'info' && (
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={() => setEditing(p.id)} aria-label={t('editLabel', { title: p.title })}>
              {t('edit')}
            </Button>
            <Button size="small" color="error" onClick={() => confirmedDelete.ask(p)} aria-label={t('deleteLabel', { title: p.title })}>
              {t('delete')}
            </Button>
          </Stack>
        ),
    },
  ];
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography component="h1" variant="h4">
            {t('heading')}
          </Typography>
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        </Stack>
        {pages.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void pages.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('loadError')}
          </Alert>
        ) : pages.data ? (
          <DataTable label={t('heading')} columns={columns} rows={pages.data} rowKey={(p) => p.id} emptyText={t('empty')} />
        ) : (
          <PageLoader />
        )}
      </Stack>
      <Divider sx={{ my: 4 }} />
      <PartnersSection />
      {editing === 'new' && <PageForm id={null} page={null} onClose={() => setEditing(null)} />}
      {editing && editing !== 'new' && <EditPage id={editing} onClose={() => setEditing(null)} />}
      {confirmedDelete.dialog}
    </Paper>
  );
}
