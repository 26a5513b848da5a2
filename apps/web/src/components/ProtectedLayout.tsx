import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { hasSession } from '../lib/session';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

// spec §2: both protected groups (dashboard and second layout) need a stored session token.
// `aside` is the layout's own second column (the dashboard's API sidebar), given by the router so
// shared components never import a feature.
export function ProtectedLayout({ variant, aside }: { variant: 'dashboard' | 'tools'; aside?: ReactNode }) {
  if (!hasSession()) return <Navigate to="/signin" replace />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} data-layout={variant}>
      <Header />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Sidebar />
        {aside}
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: 3, bgcolor: 'grey.50' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
