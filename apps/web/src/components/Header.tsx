import { AppBar, Toolbar } from '@mui/material';
import { Link } from 'react-router';
import { Logo } from './Logo';

// spec §2: the sticky header carries the product logo and nothing else.
export function Header() {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar>
        <Link to="/dashboard" style={{ color: 'inherit', textDecoration: 'none' }}>
          <Logo />
        </Link>
      </Toolbar>
    </AppBar>
  );
}
