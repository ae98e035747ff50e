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
  components: {
    // Whoever asks their system for reduced motion gets none: spinners and pulses stand still, transitions are instant.
    MuiCssBaseline: {
      styleOverrides: `@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
}`,
    },
  },
});
