import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { ToastsHost } from '../components/ToastsHost';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <ToastsHost />
    </ThemeProvider>
  );
}
