import Typography from '@mui/material/Typography';
import type { RoleName } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../lib/session';

/** A role's home page: the role title and a welcome for the signed-in user. */
export function DashboardPage({ role }: { role: RoleName }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {t(`roles.${role}`)}
      </Typography>
      <Typography>{t('dashboard.welcome', { name: `${user.first_name} ${user.last_name}` })}</Typography>
    </>
  );
}
