import { Box, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { HEADER_HEIGHT, Header } from '../components/Header';
import { hasSession } from '../lib/session';
import { Sidebar } from './Sidebar';

// The navigation columns stay under the header while a long page scrolls, each scrolling on its own
// when taller than the window, rather than scrolling away and leaving an empty column.
const stayInView = {
  position: 'sticky',
  top: HEADER_HEIGHT,
  height: `calc(100vh - ${HEADER_HEIGHT}px)`,
  flexShrink: 0,
  display: 'flex',
  '& > nav': { overflowY: 'auto' },
} as const;

// Below the part in view (in a whole-page capture, say) the column keeps its colour and its edge.
const column = {
  flexShrink: 0,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset -1px 0 0 ${theme.palette.divider}`,
} as const;

// spec §2: both protected groups (dashboard and second layout) need a stored session token.
// `aside` is the layout's own second column (the dashboard's API sidebar), given by the router so
// shared components never import a feature.
export function ProtectedLayout({ variant, aside }: { variant: 'dashboard' | 'tools'; aside?: ReactNode }) {
  if (!hasSession()) return <Navigate to="/signin" replace />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} data-layout={variant}>
      <Header />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box sx={column}>
          <Box sx={stayInView}>
            <Sidebar />
          </Box>
        </Box>
        {aside && (
          <Box sx={column}>
            <Box sx={stayInView}>{aside}</Box>
          </Box>
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: 3, bgcolor: 'grey.50' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
