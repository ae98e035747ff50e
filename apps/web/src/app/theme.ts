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
    // Whoever asks their system for reduced motion gets none: spinners and pulses run once at once and stand still,
    // and every change shows at once. `transition: none`, not the common very short duration: a duration on every
    // element makes every property change a transition (the property defaults to all), so a message turned visible
    // showed a frame after the page changed instead of with it. No component waits for a transition's end event.
    MuiCssBaseline: {
      styleOverrides: `@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition: none !important; scroll-behavior: auto !important; }
}`,
    },
  },
});
