import { dashboardPath, type FeatureFlag, type RoleName } from '@vireo/contracts';
import type { ComponentType } from 'react';
import type { TitleKey } from './locales/en';

/** One row of the route table (spec 3 §2.1). */
export interface AppRoute {
  path: string;
  /** Roles allowed; undefined means any signed-in role. Ignored for public routes. */
  roles?: readonly RoleName[];
  /** The organisation profile must have this flag on. */
  flag?: FeatureFlag;
  public?: boolean;
  /** Key under `titles` in the translations; shown in the top bar and the document title. */
  title: TitleKey;
  load: () => Promise<ComponentType>;
}

const dashboard = (role: RoleName): AppRoute => ({
  path: dashboardPath(role),
  roles: [role],
  title: 'home',
  load: () => import('../features/dashboard').then((m) => m.dashboardFor(role)),
});

export const ROUTES: readonly AppRoute[] = [
  { path: '/login', public: true, title: 'login', load: () => import('../features/auth').then((m) => m.LoginPage) },
  { path: '/verify-token', public: true, title: 'verifyToken', load: () => import('../features/auth').then((m) => m.VerifyTokenPage) },
  dashboard('patient'),
  dashboard('manager'),
  dashboard('practitioner'),
  dashboard('shift_manager'),
  dashboard('super_admin'),
  dashboard('customer_services'),
  dashboard('b2c'),
];
