import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { Appointment } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { useStatusLabel } from '../../lib/messageText';
import { useOrderAppointments, useResendBookingConfirmation } from './api';
import { DrawerSection } from './DrawerSection';
import { formatPlaced } from './format';

/** The booking's edit page for staff (spec 2 §2.9): its id, the order's token and its service. */
function editLink(appointment: Appointment, shortToken: string): string {
  return `/booking/edit?${new URLSearchParams({ appointmentId: appointment.id, short_token: shortToken, service: appointment.type }).toString()}`;
}

/** The order drawer's Appointments (issue 17): the bookings the order paid for, with Edit and the confirmation resent. */
export function OrderAppointments({ orderId, shortToken }: { orderId: string; shortToken: string }) {
  const { t } = useTranslation('orders');
  const { showToast } = useToast();
  const statusLabel = useStatusLabel();
  const appointments = useOrderAppointments(orderId);
  const resend = useResendBookingConfirmation(orderId);
  return (
    <DrawerSection title={t('drawer.appointments.title')}>
      <QueryState query={appointments} errorText={t('drawer.appointments.error')} empty={t('drawer.appointments.empty')} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <List dense disablePadding aria-label={t('drawer.appointments.title')}>
            {list.map((appointment) => {
              const live = appointment.status === 'WAITING' || appointment.status === 'CLAIMABLE' || appointment.status === null;
              const when = appointment.start_time === null ? t('drawer.appointments.untimed') : formatPlaced(appointment.start_time);
              const people = appointment.booking_users.map((user) => `${user.first_name} ${user.last_name}`).join(', ');
              return (
                <ListItem key={appointment.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText
                    primary={t('drawer.appointments.when', { when, status: appointment.status === null ? t('drawer.appointments.registered') : statusLabel(appointment.status) })}
                    secondary={t('drawer.appointments.people', { people, reference: appointment.provider_booking_reference ?? appointment.id })}
                  />
                  {live && (
                    <Stack direction="row" spacing={1}>
                      {appointment.start_time !== null && (
                        <Link href={editLink(appointment, shortToken)} aria-label={t('drawer.appointments.editLabel', { when })}>
                          {t('drawer.appointments.edit')}
                        </Link>
                      )}
                      <Button
                        size="small"
                        variant="outlined"
                        aria-label={t('drawer.appointments.resendLabel', { when })}
                        loading={resend.isPending && resend.variables === appointment.id}
                        onClick={() =>
                          resend.mutate(appointment.id, {
                            onSuccess: () => showToast(t('drawer.resend.done'), 'success'),
                            onError: () => showToast(t('drawer.resend.failed'), 'error'),
                          })
                        }
                      >
                        {t('drawer.appointments.resend')}
                      </Button>
                    </Stack>
                  )}
                </ListItem>
              );
            })}
          </List>
        )}
      </QueryState>
    </DrawerSection>
  );
}
