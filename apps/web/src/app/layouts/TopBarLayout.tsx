import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { dashboardPath } from '@vireo/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ProductLogo } from '../../components/ProductLogo';
import { ClaimableBadge } from '../../features/claimable';
// Its own file, not the feature's front door: the listener is all a customer's first page may carry.
import { IncomingCall } from '../../features/voice/IncomingCall';
import { useCurrentSession } from '../../lib/session';
import { LanguageSwitch } from './LanguageSwitch';
import { PartnerLogo } from './PartnerLogo';
import { ProfileMenu } from './ProfileMenu';

export function TopBarLayout({ title, children }: { title: string; children: ReactNode }) {
  const session = useCurrentSession();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static">
        <Toolbar sx={{ gap: 2 }}>
          <Link component={RouterLink} to={dashboardPath(session.role.name)} color="inherit" underline="none">
            <ProductLogo />
          </Link>
          <PartnerLogo />
          <Typography component="p" variant="h6" sx={{ flexGrow: 1 }} noWrap>
            {title}
          </Typography>
          <ClaimableBadge />
          <LanguageSwitch />
          <ProfileMenu />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: 3 }}>
        {children}
      </Box>
      <IncomingCall />
    </Box>
  );
}
