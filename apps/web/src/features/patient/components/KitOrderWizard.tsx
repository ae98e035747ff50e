import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { KIT_ORDER_MAX_DAYS_AHEAD, calendarDateToEpochSeconds, dashboardPath, formatUkDate, isKitOrderDateAllowed, type CalendarDate } from '@vireo/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { PageLoader } from '../../../components/PageLoader';
import { Wizard, useWizard } from '../../../components/wizard';
import { useCurrentSession } from '../../../lib/session';
import { usePlaceOrder } from '../api';
import { BOOKING_PATH } from './PatientTiles';
import { UkDates } from './UkDates';
import { useTranslation } from 'react-i18next';

const calendarDateOf = (day: Date): CalendarDate => ({ year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate() });
const pad = (n: number) => String(n).padStart(2, '0');
/** The chosen day is kept as yyyy-MM-dd, so it survives a reload in the session's storage. */
const dayString = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
const dayOf = (value: string) => {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year!, month! - 1, day);
};

interface OrderAnswers {
  date: string;
}

type Outcome = { ok: true; email: string } | { ok: false } | null;

/** "Select Appointment Date", then "Confirmation" (spec 1 §2); the server checks the date again. */
export function KitOrderWizard({ roleProfileId }: { roleProfileId: string }) {
  const { t } = useTranslation('patient');
  const session = useCurrentSession();
  const order = usePlaceOrder();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [placing, setPlacing] = useState(false);
  const [today] = useState(() => new Date());
  const lastDay = new Date(today.getFullYear(), today.getMonth(), today.getDate() + KIT_ORDER_MAX_DAYS_AHEAD);
  const allowed = (day: Date) => isKitOrderDateAllowed(today, calendarDateOf(day));
  const stepLabels = t('order.steps', { returnObjects: true });
  const wizard = useWizard<OrderAnswers>({
    id: 'kit-order',
    steps: [
      { key: 'date', label: stepLabels[0]!, schema: z.object({ date: z.string().refine((value) => value !== '' && allowed(dayOf(value))) }) },
      { key: 'confirmation', label: stepLabels[1]!, available: placing || outcome !== null },
    ],
    defaultValues: { date: '' },
  });
  const chosen = useWatch({ control: wizard.form.control, name: 'date' });
  const date = chosen ? dayOf(chosen) : null;

  const place = async () => {
    if (!date || !(await wizard.form.trigger())) return;
    // The confirmation step opens with the request, in the same render as the URL that names it.
    setPlacing(true);
    wizard.goTo('confirmation');
    order.mutate(
      { role_profile_id: roleProfileId, appointment_date: calendarDateToEpochSeconds(calendarDateOf(date)) },
      {
        onSuccess: (placed) => {
          wizard.forget();
          setOutcome({ ok: true, email: placed.email });
        },
        onError: () => setOutcome({ ok: false }),
        onSettled: () => setPlacing(false),
      },
    );
  };

  return (
    <Wizard wizard={wizard} finished={outcome?.ok === true}>
      {wizard.index === 0 && (
        <Stack spacing={2}>
          <Typography>{t('order.intro')}</Typography>
          <UkDates>
            <DateCalendar
              aria-label={t('order.calendar')}
              value={date}
              onChange={(value: Date | null) => wizard.form.setValue('date', value ? dayString(value) : '')}
              disablePast
              maxDate={lastDay}
              shouldDisableDate={(day: Date) => !allowed(day)}
              sx={{ m: 0 }}
            />
          </UkDates>
          <Typography role="status">{date ? t('order.chosen', { date: formatUkDate(new Date(calendarDateToEpochSeconds(calendarDateOf(date)) * 1000)) }) : t('order.none')}</Typography>
          <div>
            <Button variant="contained" disabled={!date} loading={order.isPending} onClick={() => void place()}>
              {t('order.order')}
            </Button>
          </div>
        </Stack>
      )}

      {wizard.index === 1 && outcome === null && <PageLoader />}

      {wizard.index === 1 && outcome?.ok === true && (
        <Stack spacing={2}>
          <Alert severity="success">{t('order.success')}</Alert>
          <Typography>{t('order.emailed', { email: outcome.email })}</Typography>
          <Typography>{t('order.bookPrompt')}</Typography>
          <Stack direction="row" spacing={3}>
            <Link href={BOOKING_PATH} target="_blank" rel="noopener">
              {t('order.book')}
            </Link>
            <Link component={RouterLink} to={dashboardPath(session.role.name)}>
              {t('order.backToHome')}
            </Link>
          </Stack>
        </Stack>
      )}

      {wizard.index === 1 && outcome?.ok === false && (
        <Stack spacing={2}>
          <Alert severity="error">{t('order.error')}</Alert>
          <div>
            <Button
              variant="outlined"
              onClick={() => {
                setOutcome(null);
                wizard.back();
              }}
            >
              {t('order.back')}
            </Button>
          </div>
        </Stack>
      )}
    </Wizard>
  );
}
