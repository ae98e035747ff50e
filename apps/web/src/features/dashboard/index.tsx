import type { RoleName } from '@vireo/contracts';
import type { ComponentType } from 'react';
import { DashboardPage } from './DashboardPage';

/** The dashboard page of one role, as a route's page component. */
export function dashboardFor(role: RoleName): ComponentType {
  function RoleDashboard() {
    return <DashboardPage role={role} />;
  }
  RoleDashboard.displayName = `Dashboard(${role})`;
  return RoleDashboard;
}
