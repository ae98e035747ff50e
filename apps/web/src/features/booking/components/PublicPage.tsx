// Field errors in plain words wherever a form is shown (contracts' zod configuration); /login has none, so loads none.
import '@vireo/contracts/zod-messages';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ProductLogo } from '../../../components/ProductLogo';
import { BOOKING_TEXTS, BookingTextsContext, type BookingLanguage } from '../texts';

/**
 * The frame of the public booking pages (no session, so no app layout): the product bar with a
 * switch to the other booking language, one h1, and the page in the main landmark.
 */
export function PublicPage({ language, onLanguageChange, heading, children }: { language: BookingLanguage; onLanguageChange?: (language: BookingLanguage) => void; heading: string; children: ReactNode }) {
  const texts = BOOKING_TEXTS[language];
  const other: BookingLanguage = language === 'DE' ? 'EN' : 'DE';
  return (
    <BookingTextsContext value={texts}>
      <Box lang={language.toLowerCase()}>
        <AppBar position="static" color="primary" component="header">
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <ProductLogo />
            {onLanguageChange && (
              <Button color="inherit" lang={texts.languageSwitchLang} onClick={() => onLanguageChange(other)}>
                {texts.languageSwitch}
              </Button>
            )}
          </Toolbar>
        </AppBar>
        <Container component="main" maxWidth="md" sx={{ py: 4 }}>
          <Typography component="h1" variant="h4" gutterBottom>
            {heading}
          </Typography>
          {children}
        </Container>
      </Box>
    </BookingTextsContext>
  );
}
