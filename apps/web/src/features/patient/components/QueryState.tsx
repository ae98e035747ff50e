import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MSG } from '@vireo/contracts';
import { PageLoader } from '../../../components/PageLoader';

/** What a page shows while its data loads or after loading failed. */
export function QueryState({ isError, error, onRetry }: { isError: boolean; error: Error | null; onRetry: () => void }) {
  if (!isError) return <PageLoader />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {error?.message ?? MSG.somethingWentWrong}
    </Alert>
  );
}
