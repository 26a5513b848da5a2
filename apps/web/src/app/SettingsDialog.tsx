import { Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { AppDialog } from '../components/AppDialog';
import { ChangePasswordForm } from '../features/auth/ChangePasswordForm';
import { DeleteAccountForm } from '../features/auth/DeleteAccountForm';

const TABS = ['Change Password', 'Delete Account'] as const;

// spec §2 Settings: two tabs, Change Password first.
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [tab, setTab] = useState(0);
  return (
    <AppDialog open={open} onClose={onClose} title="Settings">
      <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} aria-label="Settings sections">
        {TABS.map((label, index) => (
          <Tab
            key={label}
            label={label}
            id={`settings-tab-${index}`}
            aria-controls={`settings-panel-${index}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`settings-panel-${tab}`}
        aria-labelledby={`settings-tab-${tab}`}
        sx={{ pt: 2 }}
      >
        {tab === 0 ? <ChangePasswordForm /> : <DeleteAccountForm />}
      </Box>
    </AppDialog>
  );
}
