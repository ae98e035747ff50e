import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { KIT_ORDER_MAX_DAYS_AHEAD, calendarDateToEpochSeconds, dashboardPath, formatUkDate, isKitOrderDateAllowed, type CalendarDate } from '@vireo/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentSession } from '../../../lib/session';
import { usePlaceOrder } from '../api';
import { BOOKING_PATH } from './PatientTiles';
import { UkDates } from './UkDates';
import { useTranslation } from 'react-i18next';

const calendarDateOf = (day: Date): CalendarDate => ({ year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate() });

type Outcome = { ok: true; email: string } | { ok: false } | null;

/** "Select Appointment Date", then "Confirmation" (spec 1 §2); the server checks the date again. */
export function KitOrderWizard({ roleProfileId }: { roleProfileId: string }) {
  const { t } = useTranslation('patient');
  const session = useCurrentSession();
  const order = usePlaceOrder();
  const [date, setDate] = useState<Date | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [today] = useState(() => new Date());
  const lastDay = new Date(today.getFullYear(), today.getMonth(), today.getDate() + KIT_ORDER_MAX_DAYS_AHEAD);

  const place = () => {
    if (!date) return;
    order.mutate(
      { role_profile_id: roleProfileId, appointment_date: calendarDateToEpochSeconds(calendarDateOf(date)) },
      { onSuccess: (placed) => setOutcome({ ok: true, email: placed.email }), onError: () => setOutcome({ ok: false }) },
    );
  };

  return (
    <Stack spacing={3}>
      <Stepper activeStep={outcome ? 1 : 0}>
        {t('order.steps', { returnObjects: true }).map((label, index) => (
          <Step key={label} completed={index === 1 ? outcome?.ok === true : outcome !== null}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {outcome === null && (
        <Stack spacing={2}>
          <Typography>{t('order.intro')}</Typography>
          <UkDates>
            <DateCalendar
              aria-label={t('order.calendar')}
              value={date}
              onChange={(value: Date | null) => setDate(value)}
              disablePast
              maxDate={lastDay}
              shouldDisableDate={(day: Date) => !isKitOrderDateAllowed(today, calendarDateOf(day))}
              sx={{ m: 0 }}
            />
          </UkDates>
          <Typography role="status">{date ? t('order.chosen', { date: formatUkDate(new Date(calendarDateToEpochSeconds(calendarDateOf(date)) * 1000)) }) : t('order.none')}</Typography>
          <div>
            <Button variant="contained" disabled={!date} loading={order.isPending} onClick={place}>
              {t('order.order')}
            </Button>
          </div>
        </Stack>
      )}

      {outcome?.ok === true && (
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

      {outcome?.ok === false && (
        <Stack spacing={2}>
          <Alert severity="error">{t('order.error')}</Alert>
          <div>
            <Button variant="outlined" onClick={() => setOutcome(null)}>
              {t('order.back')}
            </Button>
          </div>
        </Stack>
      )}
    </Stack>
  );
}
