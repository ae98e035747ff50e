import { zodResolver } from '../../lib/formResolver';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ApprovedKitInput, KIT_MSG, LotId, type ApprovedKit, type ApprovedKitData } from '@vireo/contracts';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { TextInput } from '../../components/TextInput';
import { useToast } from '../../components/toast/toastContext';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { MessageText, useMessageText } from '../../lib/messageText';
import { useApprovedKits, useKitMutations } from './api';

type KitFormValues = z.input<typeof ApprovedKitInput>;
const FIELDS: readonly FieldPath<KitFormValues>[] = ['name', 'specificity', 'sensitivity', 'lot_tracking', 'lot_ids'];
const NEW_KIT: KitFormValues = { name: '', specificity: '', sensitivity: '', lot_tracking: true, lot_ids: [] };

/** The lot IDs as chips, each with its remove button, and a field to add one (checked as it is added). */
function LotIds({ value, onChange, error }: { value: string[]; onChange(next: string[]): void; error?: string }) {
  const { t } = useTranslation('catalogue');
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const legendId = useId();
  const add = () => {
    const parsed = LotId.safeParse(typed);
    if (!parsed.success) return setTypedError(parsed.error.issues[0]?.message ?? KIT_MSG.lotId);
    if (value.some((lot) => lot.toUpperCase() === parsed.data.toUpperCase())) return setTypedError(KIT_MSG.duplicateLotId);
    onChange([...value, parsed.data]);
    setTyped('');
    setTypedError(null);
  };
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" id={legendId}>
        {t('kits.fields.lotIds')}
      </FormLabel>
      <Box component="ul" aria-labelledby={legendId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, my: 1 }}>
        {value.map((lot) => (
          <Box component="li" key={lot} sx={{ display: 'flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 4, pl: 1.5 }}>
            {lot}
            <Button size="small" onClick={() => onChange(value.filter((other) => other !== lot))} aria-label={t('kits.removeLot', { lot })} sx={{ minWidth: 36 }}>
              ✕
            </Button>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('kits.fields.newLotId')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={Boolean(typedError)}
          helperText={typedError ? <MessageText message={typedError} /> : ' '}
        />
        <Button variant="outlined" onClick={add} sx={{ mt: 0.25 }}>
          {t('kits.addLot')}
        </Button>
      </Stack>
      {error && (
        <FormHelperText>
          <MessageText message={error} />
        </FormHelperText>
      )}
    </FormControl>
  );
}

/** The kit's form in a dialog: a new kit, or one being edited. */
function KitDialog({ kit, onClose }: { kit: ApprovedKit | null; onClose(): void }) {
  const { t } = useTranslation('catalogue');
  const { showToast } = useToast();
  const messageText = useMessageText();
  const { create, update } = useKitMutations();
  const titleId = useId();
  const form = useForm<KitFormValues, unknown, ApprovedKitData>({
    resolver: zodResolver(ApprovedKitInput),
    defaultValues: kit ? { name: kit.name, specificity: kit.specificity, sensitivity: kit.sensitivity, lot_tracking: kit.lot_tracking, lot_ids: kit.lot_ids } : NEW_KIT,
  });
  const busy = create.isPending || update.isPending;
  const submit = form.handleSubmit((body) => {
    const options = {
      onSuccess: (answer: { message: string }) => {
        showToast(messageText(answer.message), 'success');
        onClose();
      },
      onError: (error: Error) => {
        if (!setServerFieldErrors(error, form.setError, FIELDS)) showToast(messageText(error.message), 'error');
      },
    };
    if (kit) update.mutate({ id: kit.id, body }, options);
    else create.mutate(body, options);
  });
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{kit ? t('kits.editTitle', { name: kit.name }) : t('kits.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextInput control={form.control} name="name" label={t('kits.fields.name')} fullWidth />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput control={form.control} name="specificity" label={t('kits.fields.specificity')} placeholder="99.6%" fullWidth />
              <TextInput control={form.control} name="sensitivity" label={t('kits.fields.sensitivity')} placeholder="95.0%" fullWidth />
            </Stack>
            <Controller
              control={form.control}
              name="lot_tracking"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
                  label={t('kits.fields.lotTracking')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="lot_ids"
              render={({ field, fieldState }) => <LotIds value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {kit ? t('form.save') : t('form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The Kits tab (products.manage): the approved kits' register, each kit edited or retired, new ones added. */
export function KitsPanel() {
  const { t } = useTranslation('catalogue');
  const messageText = useMessageText();
  const kits = useApprovedKits();
  const { retire } = useKitMutations();
  const [editing, setEditing] = useState<ApprovedKit | 'new' | null>(null);
  const confirmedRetire = useConfirmedDelete({
    remove: retire,
    title: (kit: ApprovedKit) => t('kits.confirmTitle', { name: kit.name }),
    message: t('kits.confirmRetire'),
    confirmLabel: t('table.yes'),
    cancelLabel: t('table.no'),
    deleted: (answer) => messageText(answer.message),
  });
  if (kits.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void kits.refetch()}>
            {t('table.retry')}
          </Button>
        }
      >
        {t('kits.error')}
      </Alert>
    );
  if (!kits.data) return <PageLoader />;
  const columns: DataColumn<ApprovedKit>[] = [
    { id: 'name', label: t('kits.columns.name'), render: (k) => k.name, sortValue: (k) => k.name },
    { id: 'specificity', label: t('kits.columns.specificity'), render: (k) => k.specificity },
    { id: 'sensitivity', label: t('kits.columns.sensitivity'), render: (k) => k.sensitivity },
    { id: 'lotTracking', label: t('kits.columns.lotTracking'), render: (k) => (k.lot_tracking ? t('kits.yes') : t('kits.no')) },
    { id: 'lotIds', label: t('kits.columns.lotIds'), render: (k) => k.lot_ids.join(', ') },
    {
      id: 'actions',
      label: t('table.columns.actions'),
      render: (k) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onClick={() => setEditing(k)} aria-label={t('kits.editLabel', { name: k.name })}>
            {t('form.edit')}
          </Button>
          <Button size="small" color="error" onClick={() => confirmedRetire.ask(k)} aria-label={t('kits.retireLabel', { name: k.name })}>
            {t('kits.retire')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('kits.add')}
        </Button>
      </Box>
      <DataTable label={t('kits.label')} columns={columns} rows={kits.data} rowKey={(k) => k.id} emptyText={t('kits.empty')} />
      {editing && <KitDialog kit={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {confirmedRetire.dialog}
    </Stack>
  );
}
