import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { changePasswordUrl } from '../../lib/config';
import { logout, useCurrentSession } from '../../lib/session';
import { UnreadCount } from '../../features/chat';
import { opensPage } from '../routing/resolveRoute';

const HEALTH_PROFILE_PATH = '/patient/health-assessment';
const MY_APPOINTMENTS_PATH = '/patient/appointments';
const CUSTOMER_CHATS_PATH = '/chats/customer';

export interface ProfileMenuItemsProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The profile menu's popup, loaded the first time it opens (ProfileMenu). */
export function ProfileMenuItems({ id, anchor, onClose }: ProfileMenuItemsProps) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const { pathname } = useLocation();
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem component={RouterLink} to="/patient/profile" onClick={onClose}>
        {t('profile.myAccount')}
      </MenuItem>
      {opensPage(HEALTH_PROFILE_PATH, session) && (
        <MenuItem component={RouterLink} to={HEALTH_PROFILE_PATH} onClick={onClose}>
          {t('profile.healthProfile')}
        </MenuItem>
      )}
      {opensPage(MY_APPOINTMENTS_PATH, session) && (
        <MenuItem component={RouterLink} to={MY_APPOINTMENTS_PATH} onClick={onClose}>
          {t('profile.myAppointments')}
        </MenuItem>
      )}
      {opensPage(CUSTOMER_CHATS_PATH, session) && (
        <MenuItem component={RouterLink} to={CUSTOMER_CHATS_PATH} onClick={onClose}>
          {t('profile.customerChats')}
          <Suspense fallback={null}>
            <UnreadCount kind="external" />
          </Suspense>
        </MenuItem>
      )}
      <MenuItem component="a" href={changePasswordUrl(session.role.id, pathname)}>
        {t('profile.changePassword')}
      </MenuItem>
      <MenuItem onClick={() => void logout()}>{t('profile.logout')}</MenuItem>
    </Menu>
  );
}
