import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../lib/config';
import { HelpAccordion } from './HelpAccordion';
import { PATIENT_TOPICS } from './topics';

/** The patient's help page (spec 1 §2); the manager flavour lives with the manager area. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        {t('help.title', { product: PRODUCT_NAME })}
      </Typography>
      <HelpAccordion topics={PATIENT_TOPICS} />
    </Stack>
  );
}
