import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { dashboardPath } from '@vireo/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ProductLogo } from '../../components/ProductLogo';
import { ClaimableBadge } from '../../features/booking';
import { useCurrentSession } from '../../lib/session';
import { DrawerNav } from './DrawerNav';
import { LanguageSwitch } from './LanguageSwitch';
import { PartnerLogo } from './PartnerLogo';

const DRAWER_WIDTH = 240;

export function DrawerLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const role = useCurrentSession().role.name;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="nav" aria-label={t('nav.main')} sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
        <Drawer
          variant="permanent"
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}
        >
          <Toolbar>
            <Link component={RouterLink} to={dashboardPath(role)} color="primary" underline="none">
              <ProductLogo />
            </Link>
          </Toolbar>
          <DrawerNav />
        </Drawer>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <AppBar position="static">
          <Toolbar sx={{ gap: 2 }}>
            <PartnerLogo />
            <Typography component="p" variant="h6" sx={{ flexGrow: 1 }} noWrap>
              {title}
            </Typography>
            <ClaimableBadge />
            <LanguageSwitch />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ p: 3 }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
