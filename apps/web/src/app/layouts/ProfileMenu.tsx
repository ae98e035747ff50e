import AccountCircle from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { changePasswordUrl } from '../../lib/config';
import { logout, useCurrentSession } from '../../lib/session';
import { opensPage } from '../routing/resolveRoute';

const HEALTH_PROFILE_PATH = '/patient/health-assessment';
const MY_APPOINTMENTS_PATH = '/patient/appointments';

export function ProfileMenu() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('profile.menu')}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem component={RouterLink} to="/patient/profile" onClick={close}>
          {t('profile.myAccount')}
        </MenuItem>
        {opensPage(HEALTH_PROFILE_PATH, session) && (
          <MenuItem component={RouterLink} to={HEALTH_PROFILE_PATH} onClick={close}>
            {t('profile.healthProfile')}
          </MenuItem>
        )}
        {opensPage(MY_APPOINTMENTS_PATH, session) && (
          <MenuItem component={RouterLink} to={MY_APPOINTMENTS_PATH} onClick={close}>
            {t('profile.myAppointments')}
          </MenuItem>
        )}
        <MenuItem component="a" href={changePasswordUrl(session.role.id, pathname)}>
          {t('profile.changePassword')}
        </MenuItem>
        <MenuItem onClick={() => void logout()}>{t('profile.logout')}</MenuItem>
      </Menu>
    </>
  );
}
