import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ORDER_MSG, TRANSPORT_TYPES, TripRequest, type OrderListRow } from '@vireo/contracts';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { zodResolver } from '../../lib/formResolver';
import { useMessageText } from '../../lib/messageText';
import { useMyOrders, useSaveTrip, useTrip } from './api';

type TripForm = TripRequest;

const EMPTY: TripForm = { transport_type: 'Flight', transport_number: '', transport_departure_country: '', transport_departure_date_time: '', transport_arrival_country: '', transport_arrival_date_time: '' };

/** A saved trip as the form's values (fields the trip left out stay empty). */
function formOf(trip: Record<string, unknown> | null | undefined): TripForm {
  if (!trip) return EMPTY;
  const text = (key: keyof TripForm): string => (typeof trip[key] === 'string' ? (trip[key] as string) : '');
  const type = TRANSPORT_TYPES.find((value) => value === trip.transport_type) ?? 'Flight';
  return {
    transport_type: type,
    transport_number: text('transport_number'),
    transport_departure_country: text('transport_departure_country'),
    transport_departure_date_time: text('transport_departure_date_time'),
    transport_arrival_country: text('transport_arrival_country'),
    transport_arrival_date_time: text('transport_arrival_date_time'),
  };
}

function TripFields({ orderId }: { orderId: string }) {
  const { t } = useTranslation('b2c');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const saved = useTrip(orderId);
  const save = useSaveTrip();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<TripForm>({ resolver: zodResolver(TripRequest), defaultValues: EMPTY });
  const { errors } = form.formState;
  const fieldError = (message: string | undefined) => (message ? messageText(message) : undefined);
  const { reset } = form;
  useEffect(() => {
    if (saved.isSuccess) reset(formOf(saved.data));
  }, [saved.isSuccess, saved.data, reset]);

  const submit = form.handleSubmit((values) => {
    setRefusal(null);
    save.mutate(
      { orderId, trip: values },
      {
        onSuccess: (answer) => showToast(messageText(answer.message), 'success'),
        onError: (error) => {
          if (!setServerFieldErrors(error, form.setError, Object.keys(EMPTY) as (keyof TripForm)[])) setRefusal(error.message);
        },
      },
    );
  });

  const type = useWatch({ control: form.control, name: 'transport_type' });
  const numberLabel = t(`trip.number.${type}`);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('trip.formLabel')}>
      <Stack spacing={2}>
        {refusal && <Alert severity="error">{messageText(refusal)}</Alert>}
        <Controller
          control={form.control}
          name="transport_type"
          render={({ field }) => (
            <TextField select label={t('trip.type')} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={Boolean(errors.transport_type)} helperText={fieldError(errors.transport_type?.message)}>
              {TRANSPORT_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`trip.types.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField label={numberLabel} required {...form.register('transport_number')} error={Boolean(errors.transport_number)} helperText={fieldError(errors.transport_number?.message)} autoComplete="off" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('trip.departureCountry')} required fullWidth {...form.register('transport_departure_country')} error={Boolean(errors.transport_departure_country)} helperText={fieldError(errors.transport_departure_country?.message)} />
          <TextField
            label={t('trip.departureTime')}
            type="datetime-local"
            required
            fullWidth
            {...form.register('transport_departure_date_time')}
            error={Boolean(errors.transport_departure_date_time)}
            helperText={fieldError(errors.transport_departure_date_time?.message)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('trip.arrivalCountry')} fullWidth {...form.register('transport_arrival_country')} error={Boolean(errors.transport_arrival_country)} helperText={fieldError(errors.transport_arrival_country?.message)} />
          <TextField
            label={t('trip.arrivalTime')}
            type="datetime-local"
            fullWidth
            {...form.register('transport_arrival_date_time')}
            error={Boolean(errors.transport_arrival_date_time)}
            helperText={fieldError(errors.transport_arrival_date_time?.message)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={save.isPending || !saved.isSuccess}>
            {t('trip.save')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

function OrderChoice({ orders }: { orders: OrderListRow[] }) {
  const { t } = useTranslation('b2c');
  const messageText = useMessageText();
  const [orderId, setOrderId] = useState(orders[0]?.id ?? '');
  return (
    <Stack spacing={2}>
      <TextField select label={t('trip.order')} required value={orderId} onChange={(event) => setOrderId(event.target.value)} helperText={orderId ? undefined : messageText(ORDER_MSG.selectOrder)}>
        {orders.map((order) => (
          <MenuItem key={order.id} value={order.id}>
            {t('trip.orderOption', { reference: order.short_token, date: new Date(order.created_at * 1000).toLocaleDateString('en-GB', { timeZone: 'Europe/London' }) })}
          </MenuItem>
        ))}
      </TextField>
      {orderId && <TripFields key={orderId} orderId={orderId} />}
    </Stack>
  );
}

/**
 * /b2c/register-trip: a trip (transport type and number, departure and arrival) saved on one of the
 * customer's orders (PUT /api/commerce/v1/flight-order/{id}); booking with that order starts the
 * wizard's Travel Details from it.
 */
export function RegisterTripPage() {
  const { t } = useTranslation(['b2c', 'common']);
  const orders = useMyOrders();
  return (
    <Paper sx={{ p: 3, maxWidth: 800, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('common:titles.registerTrip')}
        </Typography>
        <Typography>{t('trip.intro')}</Typography>
        <QueryState query={orders}>{(list) => (list.length === 0 ? <EmptyState message={t('trip.noOrders')} /> : <OrderChoice orders={list} />)}</QueryState>
      </Stack>
    </Paper>
  );
}
