import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';

/** What a page shows while its data loads or after loading failed. */
export function QueryState({ isError, error, onRetry }: { isError: boolean; error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!isError) return <PageLoader />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      }
    >
      {error?.message ?? t('errors.generic')}
    </Alert>
  );
}
