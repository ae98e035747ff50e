import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders';
import { installPlainStyles } from './plainStyles';
import { AppRouter } from './router';
import './reduced-motion.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

installPlainStyles();
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
