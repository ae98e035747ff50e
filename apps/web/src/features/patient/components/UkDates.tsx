import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Date pickers with UK dates (dd/MM/yyyy, weeks from Monday), their month and day names in the interface language. */
export function UkDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={i18n.language === 'de' ? de : enGB}>
      {children}
    </LocalizationProvider>
  );
}
