import ApiIcon from '@mui/icons-material/Api';
import GroupIcon from '@mui/icons-material/Group';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import ScienceIcon from '@mui/icons-material/Science';
import SettingsIcon from '@mui/icons-material/Settings';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { Box, Divider, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { messages, ROLE_DEVELOPER } from '@sandbox/contracts';
import { type ReactNode, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { clearSession, getSessionRoleId } from '../lib/session';
import { HelpDialog } from './HelpDialog';
import { SettingsDialog } from './SettingsDialog';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  hiddenForRole?: string;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'APIs', icon: <ApiIcon /> },
  { to: '/api-lab', label: 'API Lab', icon: <ScienceIcon /> },
  { to: '/prompter', label: 'API Copilot', icon: <SmartToyIcon /> },
  { to: '/api-keys', label: 'API Keys', icon: <KeyIcon /> },
  // spec §6: developers do not manage the team.
  { to: '/manage-team', label: 'Manage Team', icon: <GroupIcon />, hiddenForRole: String(ROLE_DEVELOPER) },
];

type OpenDialog = 'settings' | 'help' | 'signOut' | null;

export function Sidebar() {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const roleId = getSessionRoleId();
  const close = () => setDialog(null);

  const signOut = () => {
    clearSession();
    setDialog(null);
    navigate('/signin', { replace: true });
  };

  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{ width: 220, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <List>
        {NAV_ITEMS.filter((item) => item.hiddenForRole !== roleId).map((item) => (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <List>
        <ListItemButton onClick={() => setDialog('settings')}>
          <ListItemIcon>
            <SettingsIcon />
          </ListItemIcon>
          <ListItemText primary="Settings" />
        </ListItemButton>
        <ListItemButton onClick={() => setDialog('help')}>
          <ListItemIcon>
            <HelpOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary="Help" />
        </ListItemButton>
        <ListItemButton onClick={() => setDialog('signOut')}>
          <ListItemIcon>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary="Sign Out" />
        </ListItemButton>
      </List>
      <SettingsDialog open={dialog === 'settings'} onClose={close} />
      <HelpDialog open={dialog === 'help'} onClose={close} />
      <ConfirmDialog
        open={dialog === 'signOut'}
        title={messages.signOutTitle}
        subtitle={messages.signOutText}
        submitText="Sign Out"
        onCancel={close}
        onSubmit={signOut}
      />
    </Box>
  );
}
