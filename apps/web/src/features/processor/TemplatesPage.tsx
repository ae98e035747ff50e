import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TemplateRequest } from '@vireo/contracts';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { input } from 'zod';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { TextInput } from '../../components/TextInput';
import { useToast } from '../../components/toast/toastContext';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { zodResolver } from '../../lib/formResolver';
import { useDeleteTemplate, useSaveTemplate, useTemplate, useTemplates } from './api';

type Values = input<typeof TemplateRequest>;
const EMPTY: Values = { name: '', subject_en: '', body_en: '', subject_de: '', body_de: '' };
const FIELDS: FieldPath<Values>[] = ['name', 'subject_en', 'body_en', 'subject_de', 'body_de'];

/** A template's form: name, and subject and body in English and German (new, or the one being edited). */
function TemplateForm({ id, initial, onDone }: { id: string | null; initial: Values; onDone: () => void }) {
  const { t } = useTranslation('processor');
  const { showToast } = useToast();
  const save = useSaveTemplate();
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, TemplateRequest>({ resolver: zodResolver(TemplateRequest), mode: 'onTouched', defaultValues: initial });
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id, body });
      showToast(t(id ? 'templates.saved' : 'templates.created'), 'success');
      onDone();
    } catch (error) {
      if (!setServerFieldErrors(error, setError, FIELDS)) showToast(error instanceof Error ? error.message : String(error), 'error');
    }
  });
  const title = id ? t('templates.editTitle', { name: initial.name }) : t('templates.newTitle');
  return (
    <Stack component="form" noValidate spacing={2} aria-label={title} onSubmit={(event) => void submit(event)}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      <TextInput control={control} name="name" label={t('templates.name')} required />
      <TextInput control={control} name="subject_en" label={t('templates.subjectEn')} required />
      <TextInput control={control} name="body_en" label={t('templates.bodyEn')} required multiline minRows={4} />
      <TextInput control={control} name="subject_de" label={t('templates.subjectDe')} required />
      <TextInput control={control} name="body_de" label={t('templates.bodyDe')} required multiline minRows={4} />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {t(id ? 'templates.save' : 'templates.create')}
        </Button>
        {id && <Button onClick={onDone}>{t('templates.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}

/** The template being edited, loaded whole (the list has id and name only). */
function EditTemplate({ id, onDone }: { id: string; onDone: () => void }) {
  const template = useTemplate(id);
  return <QueryState query={template}>{(row) => <TemplateForm key={row.id} id={row.id} initial={row} onDone={onDone} />}</QueryState>;
}

/** /super_admin/processor/templates: the e-mail templates (list, create, edit, delete unless a task uses it). */
export function TemplatesPage() {
  const { t } = useTranslation(['processor', 'common']);
  const { showToast } = useToast();
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const columns: DataColumn<{ id: string; name: string }>[] = [
    { id: 'name', label: t('templates.name'), render: (row) => row.name, sortValue: (row) => row.name },
    {
      id: 'actions',
      label: t('templates.actions'),
      render: (row) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onClick={() => setEditing(row.id)} aria-label={t('templates.editLabel', { name: row.name })}>
            {t('templates.edit')}
          </Button>
          <Button size="small" color="error" variant="outlined" onClick={() => setDeleting(row)} aria-label={t('templates.deleteLabel', { name: row.name })}>
            {t('templates.delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Button component={RouterLink} to="/super_admin/processor" sx={{ alignSelf: 'flex-start' }}>
          {t('templates.back')}
        </Button>
        <Typography component="h1" variant="h4">
          {t('common:titles.processorTemplates')}
        </Typography>
        <Typography>{t('templates.intro', { placeholders: '{{placeholders}}', first_name: '{{first_name}}' })}</Typography>
        {remove.isError && <Alert severity="error">{remove.error.message}</Alert>}
        <QueryState query={templates}>{(rows) => <DataTable label={t('common:titles.processorTemplates')} columns={columns} rows={rows} rowKey={(row) => row.id} emptyText={t('templates.empty')} />}</QueryState>
        {editing ? (
          <EditTemplate key={editing} id={editing} onDone={() => setEditing(null)} />
        ) : (
          <TemplateForm key={formKey} id={null} initial={EMPTY} onDone={() => setFormKey((k) => k + 1)} />
        )}
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t('templates.deleteTitle')}
        message={t('templates.deleteMessage')}
        confirmLabel={t('templates.delete')}
        cancelLabel={t('templates.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showToast(t('templates.deleted'), 'success');
              if (editing === deleting.id) setEditing(null);
            },
            onSettled: () => setDeleting(null),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </Paper>
  );
}
