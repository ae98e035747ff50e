import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { useCurrentSession } from '../../../lib/session';
import { useRoleProfile } from '../api';
import { PersonalInfoSection } from '../components/PersonalInfoSection';
import { ShippingSection } from '../components/ShippingSection';

/** /patient/profile (My Account), for every role: personal information and shipping information. */
export function ProfilePage() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const profile = useRoleProfile();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        {t('titles.myAccount')}
      </Typography>
      <PersonalInfoSection user={session.user} />
      <QueryState query={profile}>{(data) => <ShippingSection details={data.shipping_details} />}</QueryState>
    </Stack>
  );
}
