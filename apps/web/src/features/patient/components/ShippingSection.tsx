import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShippingDetails } from '@vireo/contracts';
import { useState } from 'react';
import { ShippingForm } from './ShippingForm';
import { ShippingSummary } from './ShippingSummary';
import { useTranslation } from 'react-i18next';

/** My Account's shipping section: edit mode while there are no details; after a save, the read view with Edit. */
export function ShippingSection({ details }: { details: ShippingDetails | null }) {
  const { t } = useTranslation('patient');
  const [editing, setEditing] = useState(details === null);
  const [saved, setSaved] = useState(false);
  return (
    <Paper component="section" aria-labelledby="shipping-heading" sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography id="shipping-heading" component="h2" variant="h5">
          {t('shipping.heading')}
        </Typography>
        {saved && <Alert severity="success">{t('shipping.saved')}</Alert>}
        {editing || !details ? (
          <ShippingForm
            initial={details}
            onSaved={() => {
              setSaved(true);
              setEditing(false);
            }}
            onCancel={details ? () => setEditing(false) : undefined}
          />
        ) : (
          <>
            <ShippingSummary details={details} />
            <div>
              <Button
                variant="outlined"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                {t('shipping.edit')}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
