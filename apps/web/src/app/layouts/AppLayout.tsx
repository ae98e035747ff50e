import { DRAWER_ROLES } from '@vireo/contracts';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../lib/session';
import type { AppRoute } from '../routes';

// Each layout is its own chunk: a patient loads no drawer, a practitioner no top bar.
const DrawerLayout = lazy(() => import('./DrawerLayout').then((m) => ({ default: m.DrawerLayout })));
const TopBarLayout = lazy(() => import('./TopBarLayout').then((m) => ({ default: m.TopBarLayout })));

/** Practitioners and shift managers get the side drawer; every other role the top bar. */
export function AppLayout({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const title = t(`titles.${route.title}`);
  return DRAWER_ROLES.includes(session.role.name) ? (
    <DrawerLayout title={title}>{children}</DrawerLayout>
  ) : (
    <TopBarLayout title={title}>{children}</TopBarLayout>
  );
}
