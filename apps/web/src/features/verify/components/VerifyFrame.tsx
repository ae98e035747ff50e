import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../app/layouts/LanguageSwitch';
import { ProductLogo } from '../../../components/ProductLogo';

/** The verification pages' frame (public, no session): the product bar with the language switch, one h1, the page in main. */
export function VerifyFrame({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box>
      <AppBar position="static" color="primary" component="header">
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <ProductLogo />
          <LanguageSwitch />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="sm" sx={{ py: 4 }}>
        <Typography component="h1" variant="h4" gutterBottom>
          {heading}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}
