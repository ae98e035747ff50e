import { allows } from '@vireo/contracts';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { useSession } from '../../../lib/session';

const CustomerEdit = lazy(() => import('../../booking/pages/EditBookingPage').then((m) => ({ default: m.EditBookingPage })));
const StaffEdit = lazy(() => import('./StaffEditBookingPage').then((m) => ({ default: m.StaffEditBookingPage })));

/**
 * /booking/edit?appointmentId=&short_token=&service= (spec 2 §2.9): staff with booking.edit (super
 * admin, customer services) get all six steps; the customer's link keeps the three-step customer-edit mode.
 */
export function EditBookingRoutePage() {
  const session = useSession();
  if (session.hasToken && session.isPending) return <PageLoader />;
  const held = session.data ? [session.data.role.name, ...session.data.user.roles.map((role) => role.name)] : [];
  const staff = session.data !== undefined && allows({ roles: held, grants: session.data.grants }, 'booking.edit');
  return <Suspense fallback={<PageLoader />}>{staff ? <StaffEdit /> : <CustomerEdit />}</Suspense>;
}
