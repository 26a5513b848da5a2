import { AppBar, Toolbar } from '@mui/material';
import { Link } from 'react-router';
import { Logo } from './Logo';

/** One height at every width, so the columns under the header know where to stay (ProtectedLayout). */
export const HEADER_HEIGHT = 64;

// spec §2: the sticky header carries the product logo and nothing else.
export function Header() {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar variant="dense" sx={{ minHeight: HEADER_HEIGHT, height: HEADER_HEIGHT }}>
        <Link to="/dashboard" style={{ color: 'inherit', textDecoration: 'none' }}>
          <Logo />
        </Link>
      </Toolbar>
    </AppBar>
  );
}
