import { createTheme } from '@mui/material/styles';
import { THEME } from '@vireo/contracts';

/** The app's theme, from the tokens the identity pages' stylesheet shares. */
export const theme = createTheme({
  palette: {
    primary: { main: THEME.primary, contrastText: THEME.onPrimary },
    secondary: { main: THEME.secondary, contrastText: THEME.onPrimary },
    background: { default: THEME.background, paper: THEME.paper },
  },
  typography: { fontFamily: THEME.fontFamily },
});
