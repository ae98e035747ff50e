import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';

/** Offers the other language, named in that language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'de' ? 'en' : 'de';
  return (
    <Button color="inherit" lang={other} onClick={() => changeLanguage(other)}>
      {t(`language.${other}`)}
    </Button>
  );
}
