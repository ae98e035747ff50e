export { ManagerDashboardPage } from './pages/ManagerDashboardPage';
export { EmployeeResultsPage } from './pages/EmployeeResultsPage';
export { SignUpsPage } from './pages/SignUpsPage';
