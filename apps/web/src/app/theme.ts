import { createTheme } from '@mui/material/styles';

const SYSTEM_FONTS = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/** Colours keep at least 4.5:1 contrast against their text (WCAG AA). */
export const theme = createTheme({
  palette: {
    primary: { main: '#1f5f4a', contrastText: '#ffffff' },
    secondary: { main: '#5b3f8c', contrastText: '#ffffff' },
    background: { default: '#f6f7f6', paper: '#ffffff' },
  },
  typography: { fontFamily: SYSTEM_FONTS },
});
