import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { useCurrentSession } from '../../lib/session';

const PatientHelp = lazy(() => import('../../features/patient/help/HelpPage').then((m) => ({ default: m.HelpPage })));
const ManagerHelp = lazy(() => import('../../features/manager/ManagerHelp').then((m) => ({ default: m.ManagerHelp })));

/** /patient/help (spec 1 §2): managers get the manager flavour; each flavour loads only for its readers. */
export function HelpRoute() {
  const session = useCurrentSession();
  return <Suspense fallback={<PageLoader />}>{session.role.name === 'manager' ? <ManagerHelp /> : <PatientHelp />}</Suspense>;
}
