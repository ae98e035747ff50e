// The booking pages, loaded lazily by the route table (the top bar imports ../index for its badge only).
export { ManageBookingPage } from './ManageBookingPage';
export { PatientBookingPage } from './PatientBookingPage';
export { PublicBookingPage } from './PublicBookingPage';
export { EditBookingPage } from './EditBookingPage';
