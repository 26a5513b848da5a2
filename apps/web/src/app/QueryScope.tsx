import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

// TanStack Query serves every screen but sign-in, which makes its one call itself: the sign-in
// screen shows without it (README, first load). One client for the whole visit keeps the cache
// across screens.
const queryClient = new QueryClient({
  defaultOptions: {
    // A 403 ends the session (lib/http), so retrying would only repeat the failure.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function QueryScope() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
