export { ShiftManagerDashboardPage } from './pages/ShiftManagerDashboardPage';
export { DoctorsManagementPage } from './pages/DoctorsManagementPage';
export { RotaPage } from './pages/RotaPage';
export { ShiftDetailsPage } from './pages/ShiftDetailsPage';
export { liveDashboardFor } from './pages/LiveDashboardPage';
