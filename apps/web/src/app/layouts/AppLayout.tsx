import { DRAWER_ROLES } from '@vireo/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../lib/session';
import type { AppRoute } from '../routes';
import { DrawerLayout } from './DrawerLayout';
import { TopBarLayout } from './TopBarLayout';

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
