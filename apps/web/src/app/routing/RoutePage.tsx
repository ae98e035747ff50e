import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import type { AppRoute } from '../routes';
import { useDocumentTitle } from './useDocumentTitle';

/** A row's page under its title, with a loader while its code arrives. */
export function RoutePage({ route, page }: { route: AppRoute; page: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`titles.${route.title}`));
  return <Suspense fallback={<PageLoader />}>{page}</Suspense>;
}
