import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { AppDialog } from './AppDialog';

const TABS = ['Change Password', 'Delete Account'] as const;

// spec §2: the forms of both tabs arrive with the account-settings work.
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
        <Typography variant="h6" component="h2">
          {TABS[tab]}
        </Typography>
      </Box>
    </AppDialog>
  );
}
