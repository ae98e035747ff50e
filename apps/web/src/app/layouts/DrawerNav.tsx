import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ChatIcon from '@mui/icons-material/Chat';
import ForumIcon from '@mui/icons-material/Forum';
import HomeIcon from '@mui/icons-material/Home';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { dashboardPath } from '@vireo/contracts';
import { Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { changePasswordUrl } from '../../lib/config';
import { logout, useCurrentSession } from '../../lib/session';
import type { Translation } from '../locales/en';
import { UnreadCount } from '../../features/chat';
import { opensPage } from '../routing/resolveRoute';

interface NavItem {
  label: keyof Translation['nav'];
  to: string;
  icon: ReactElement;
  /** The chat entries show their unread count. */
  unread?: 'internal' | 'external';
}

// UnreadCount loads with the chat entries only (the chat's texts and live counts stay out of the shell).

const ACTIVE_ITEM = { '&.active': { bgcolor: 'action.selected' } };

/**
 * The drawer's entries (spec 1 §2), each shown only when its page opens for the session (so an area
 * appears in the drawer when its route does), then My Account, Change Password and Logout at the bottom.
 */
export function DrawerNav() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const { pathname } = useLocation();
  const role = session.role.name;
  const items: NavItem[] = [
    { label: 'home', to: dashboardPath(role), icon: <HomeIcon /> },
    { label: 'liveAppointments', to: `/${role}/live/dashboard`, icon: <VideoCallIcon /> },
    { label: 'doctorsManagement', to: `/${role}/doctors-management`, icon: <MedicalServicesIcon /> },
    { label: 'internalChats', to: '/chats/internal', icon: <ForumIcon />, unread: 'internal' },
    { label: 'customerChats', to: '/chats/customer', icon: <ChatIcon />, unread: 'external' },
    { label: 'myAccount', to: '/patient/profile', icon: <AccountCircleIcon /> },
  ];
  return (
    <>
      <List sx={{ flexGrow: 1 }}>
        {items
          .filter((item) => opensPage(item.to, session))
          .map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton component={NavLink} to={item.to} end sx={ACTIVE_ITEM}>
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText primary={t(`nav.${item.label}`)} />
                {item.unread && (
                  <Suspense fallback={null}>
                    <UnreadCount kind={item.unread} />
                  </Suspense>
                )}
              </ListItemButton>
            </ListItem>
          ))}
      </List>
      <List>
        <ListItem disablePadding>
          <ListItemButton component="a" href={changePasswordUrl(session.role.id, pathname)}>
            <ListItemIcon>
              <LockResetIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.changePassword')} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton onClick={() => void logout()}>
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.logout')} />
          </ListItemButton>
        </ListItem>
      </List>
    </>
  );
}
