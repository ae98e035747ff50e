import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import { dashboardPath } from '@vireo/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ProductLogo } from '../../components/ProductLogo';
import { ClaimableBadge } from '../../features/claimable';
import { useCurrentSession } from '../../lib/session';
import { DrawerNav } from './DrawerNav';
import { LanguageSwitch } from './LanguageSwitch';
import { PartnerLogo } from './PartnerLogo';

const DRAWER_WIDTH = 240;

/**
 * The practitioner's and shift manager's layout: a 240 px drawer beside the page on wide screens; on
 * narrow ones (phones, small tablets) the drawer slides over the page from a menu button, so nothing
 * scrolls sideways.
 */
export function DrawerLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const role = useCurrentSession().role.name;
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="nav" aria-label={t('nav.main')} sx={{ width: { md: DRAWER_WIDTH }, flexShrink: 0 }}>
        <Drawer
          id="main-drawer"
          variant={wide ? 'permanent' : 'temporary'}
          open={wide || open}
          onClose={() => setOpen(false)}
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
            {!wide && (
              <IconButton color="inherit" edge="start" aria-label={t('nav.open')} aria-controls="main-drawer" aria-expanded={open} onClick={() => setOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <PartnerLogo />
            <Typography component="p" variant="h6" sx={{ flexGrow: 1 }} noWrap>
              {title}
            </Typography>
            <ClaimableBadge />
            <LanguageSwitch />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ p: { xs: 2, sm: 3 } }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
