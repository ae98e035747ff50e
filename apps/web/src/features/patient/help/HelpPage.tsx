import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { useCurrentSession } from '../../../lib/session';
import { HelpAccordion } from './HelpAccordion';
import { helpTitle, PATIENT_TOPICS } from './topics';

/** The manager flavour lives with the manager area and loads only for managers. */
const ManagerHelp = lazy(() => import('../../manager/ManagerHelp').then((m) => ({ default: m.ManagerHelp })));


/** /patient/help: the product's help; managers get its manager flavour (spec 1 §2). */
export function HelpPage() {
  const session = useCurrentSession();
  if (session.role.name === 'manager') {
    return (
      <Suspense fallback={<PageLoader />}>
        <ManagerHelp />
      </Suspense>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography component="h1" variant="h4">
        {helpTitle()}
      </Typography>
      <HelpAccordion topics={PATIENT_TOPICS} />
    </Stack>
  );
}
