import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductLogo } from '../../../components/ProductLogo';
import { ChatLauncher } from '../../chat';
import { BookingLanguageContext, languageOf, type BookingLanguage } from '../texts';

/**
 * The frame of the public booking pages (no session, so no app layout): the product bar with a
 * switch to the other booking language, one h1, the page in the main landmark, and the support
 * chat's launcher. The document's language is the booking's.
 */
export function PublicPage({ language, onLanguageChange, heading, children }: { language: BookingLanguage; onLanguageChange?: (language: BookingLanguage) => void; heading: string; children: ReactNode }) {
  const { t } = useTranslation();
  const other: BookingLanguage = language === 'DE' ? 'EN' : 'DE';
  const lang = languageOf(language);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <BookingLanguageContext value={language}>
      <Box lang={lang}>
        <AppBar position="static" color="primary" component="header">
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <ProductLogo />
            {onLanguageChange && (
              <Button color="inherit" lang={languageOf(other)} onClick={() => onLanguageChange(other)}>
                {t(`language.${languageOf(other)}`)}
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
        <ChatLauncher />
      </Box>
    </BookingLanguageContext>
  );
}
