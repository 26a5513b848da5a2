import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toasts } from '../components/Toasts';
import { theme } from './theme';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A 403 ends the session (lib/http), so retrying would only repeat the failure.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Toasts />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
