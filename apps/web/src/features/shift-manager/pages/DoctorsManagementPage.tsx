import { zodResolver } from '../../../lib/formResolver';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CreateDoctorRequest, type Doctor } from '@vireo/contracts';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toastContext';
import { ApiError } from '../../../lib/api';
import { setServerFieldErrors } from '../../../lib/fieldErrors';
import { useDoctorMutations, useDoctorShifts, useDoctors } from '../api';
import { formatDayTime, formatTime, londonDayStart, nowSeconds } from '../format';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/messageText';

const DOCTOR_FIELDS: FieldPath<CreateDoctorRequest>[] = ['first_name', 'last_name', 'email', 'telephone'];

const fullName = (d: Doctor) => `${d.first_name} ${d.last_name}`;

function CreateDoctorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shift-manager');
  const messageText = useMessageText();
  const fieldError = (message: string | undefined) => (message === undefined ? undefined : messageText(message));
  const { showToast } = useToast();
  const { create } = useDoctorMutations();
  const form = useForm<CreateDoctorRequest>({ resolver: zodResolver(CreateDoctorRequest), defaultValues: { first_name: '', last_name: '', email: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    create.mutate(
      { ...values, telephone: values.telephone || undefined },
      {
        onSuccess: (answer) => {
          showToast(answer.message ?? t('doctors.invited'), 'success');
          onClose();
        },
        onError: (error) => {
          if (!setServerFieldErrors(error, form.setError, DOCTOR_FIELDS)) showToast(error instanceof ApiError ? error.message : t('error'), 'error');
        },
      },
    ),
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="create-doctor-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="create-doctor-title">{t('doctors.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('doctors.firstName')} required {...form.register('first_name')} error={!!errors.first_name} helperText={fieldError(errors.first_name?.message)} autoComplete="off" />
            <TextField label={t('doctors.lastName')} required {...form.register('last_name')} error={!!errors.last_name} helperText={fieldError(errors.last_name?.message)} autoComplete="off" />
            <TextField label={t('doctors.email')} type="email" required {...form.register('email')} error={!!errors.email} helperText={fieldError(errors.email?.message)} autoComplete="off" />
            <TextField label={t('doctors.telephone')} type="tel" {...form.register('telephone')} error={!!errors.telephone} helperText={fieldError(errors.telephone?.message)} autoComplete="off" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('doctors.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('doctors.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ShiftsDialog({ doctor, onClose }: { doctor: Doctor; onClose: () => void }) {
  const { t } = useTranslation('shift-manager');
  const [from] = useState(() => londonDayStart(nowSeconds()));
  const shifts = useDoctorShifts(doctor.user_id, from, londonDayStart(from, 14));
  return (
    <Dialog open onClose={onClose} aria-labelledby="doctor-shifts-title">
      <DialogTitle id="doctor-shifts-title">{t('doctors.shiftsOf', { name: fullName(doctor) })}</DialogTitle>
      <DialogContent>
        {shifts.isPending ? (
          <PageLoader />
        ) : (shifts.data?.shifts.length ?? 0) === 0 ? (
          <Typography>{t('doctors.noShifts')}</Typography>
        ) : (
          <List dense>
            {shifts.data!.shifts.map((s) => (
              <ListItem key={s.id}>
                {formatDayTime(s.start_time)}–{formatTime(s.end_time)} · {t('rota.booked', { booked: s.booked, slots: s.slots })}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('doctors.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Doctors Management: the practitioners of the managed organisation, invite, disable and enable, shifts. */
export function DoctorsManagementPage() {
  const { t } = useTranslation('shift-manager');
  const { showToast } = useToast();
  const doctors = useDoctors();
  const { setDisabled, resend } = useDoctorMutations();
  const [creating, setCreating] = useState(false);
  const [showingShifts, setShowingShifts] = useState<Doctor | null>(null);
  const [disabling, setDisabling] = useState<Doctor | null>(null);
  const toggle = (doctor: Doctor, disabled: boolean) =>
    setDisabled.mutate(
      { id: doctor.user_id, disabled },
      { onSuccess: (answer) => showToast(answer.message ?? '', 'success'), onError: (error) => showToast(error instanceof ApiError ? error.message : t('error'), 'error'), onSettled: () => setDisabling(null) },
    );
  const columns: DataColumn<Doctor>[] = [
    { id: 'name', label: t('doctors.name'), render: fullName, sortValue: (d) => `${d.last_name} ${d.first_name}` },
    { id: 'email', label: t('doctors.email'), render: (d) => d.email, sortValue: (d) => d.email },
    { id: 'telephone', label: t('doctors.telephone'), render: (d) => d.telephone ?? '', sortValue: (d) => d.telephone },
    { id: 'state', label: t('doctors.state'), render: (d) => t(`doctors.${d.state}`), sortValue: (d) => d.state },
    { id: 'next', label: t('doctors.nextShift'), render: (d) => formatDayTime(d.next_shift_start), sortValue: (d) => d.next_shift_start },
    {
      id: 'actions',
      label: t('doctors.actions'),
      render: (d) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setShowingShifts(d)} aria-label={`${t('doctors.shifts')}: ${fullName(d)}`}>
            {t('doctors.shifts')}
          </Button>
          {d.state === 'invited' && (
            <Button
              size="small"
              disabled={resend.isPending}
              onClick={() => resend.mutate(d.user_id, { onSuccess: (a) => showToast(a.message, 'success'), onError: (e) => showToast(e instanceof ApiError ? e.message : t('error'), 'error') })}
              aria-label={`${t('doctors.resend')}: ${fullName(d)}`}
            >
              {t('doctors.resend')}
            </Button>
          )}
          {d.state === 'disabled' ? (
            <Button size="small" onClick={() => toggle(d, false)} aria-label={`${t('doctors.enable')}: ${fullName(d)}`}>
              {t('doctors.enable')}
            </Button>
          ) : (
            <Button size="small" color="error" onClick={() => setDisabling(d)} aria-label={`${t('doctors.disable')}: ${fullName(d)}`}>
              {t('doctors.disable')}
            </Button>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography component="h1" variant="h4">
            {t('doctors.heading')}
          </Typography>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('doctors.add')}
          </Button>
        </Stack>
        {doctors.isPending ? (
          <PageLoader />
        ) : (
          <DataTable label={t('doctors.heading')} columns={columns} rows={doctors.data?.doctors ?? []} rowKey={(d) => d.user_id} emptyText={t('empty.doctors')} />
        )}
      </Stack>
      {creating && <CreateDoctorDialog onClose={() => setCreating(false)} />}
      {showingShifts && <ShiftsDialog doctor={showingShifts} onClose={() => setShowingShifts(null)} />}
      {disabling && (
        <ConfirmDialog
          open
          title={t('doctors.disable')}
          message={t('doctors.confirmDisable', { name: fullName(disabling) })}
          confirmLabel={t('doctors.disable')}
          cancelLabel={t('doctors.cancel')}
          destructive
          busy={setDisabled.isPending}
          onConfirm={() => toggle(disabling, true)}
          onCancel={() => setDisabling(null)}
        />
      )}
    </Paper>
  );
}
