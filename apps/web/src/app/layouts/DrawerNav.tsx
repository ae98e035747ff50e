import ChatIcon from '@mui/icons-material/Chat';
import ForumIcon from '@mui/icons-material/Forum';
import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { DOCTORS_MANAGEMENT_ROLES, dashboardPath, type RoleName } from '@vireo/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { logout } from '../../lib/session';
import type { Translation } from '../locales/en';

interface NavItem {
  label: keyof Translation['nav'];
  to: string;
  icon: ReactElement;
  shown?: boolean;
}

function navItems(role: RoleName): NavItem[] {
  const items: NavItem[] = [
    { label: 'home', to: dashboardPath(role), icon: <HomeIcon /> },
    { label: 'liveAppointments', to: `/${role}/live/dashboard`, icon: <VideoCallIcon /> },
    {
      label: 'doctorsManagement',
      to: '/shift_manager/doctors-management',
      icon: <MedicalServicesIcon />,
      shown: DOCTORS_MANAGEMENT_ROLES.includes(role),
    },
    { label: 'internalChats', to: '/chats/internal', icon: <ForumIcon /> },
    { label: 'customerChats', to: '/chats/customer', icon: <ChatIcon /> },
  ];
  return items.filter((item) => item.shown !== false);
}

const ACTIVE_ITEM = { '&.active': { bgcolor: 'action.selected' } };

/** The drawer's entries (spec 1 §2), with Logout at the bottom. */
export function DrawerNav({ role }: { role: RoleName }) {
  const { t } = useTranslation();
  return (
    <>
      <List sx={{ flexGrow: 1 }}>
        {navItems(role).map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton component={NavLink} to={item.to} end sx={ACTIVE_ITEM}>
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText primary={t(`nav.${item.label}`)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <List>
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
