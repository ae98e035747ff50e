import { Navigate, useSearchParams } from 'react-router';
import { bookingEditPath } from './paths';

/**
 * /b2c/edit-appointment?appointmentId=&short_token=&service=: the b2c Edit link opens the booking
 * wizard's customer-edit mode (/booking/edit with the same link); without a full link, the list.
 */
export function EditAppointmentPage() {
  const [params] = useSearchParams();
  const appointmentId = params.get('appointmentId') ?? '';
  const shortToken = params.get('short_token') ?? '';
  const service = params.get('service') ?? '';
  if (!appointmentId || !shortToken || !service) return <Navigate to="/b2c/appointments" replace />;
  return <Navigate to={bookingEditPath(appointmentId, shortToken, service)} replace />;
}
