export { PractitionerDashboardPage } from './pages/PractitionerDashboardPage';
export { PlanningPage } from './pages/PlanningPage';
export { AppointmentPage } from './pages/AppointmentPage';
