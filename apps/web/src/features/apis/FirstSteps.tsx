import { Link, Stack, Typography } from '@mui/material';
import { apiMessages } from '@sandbox/contracts';
import { Link as RouterLink } from 'react-router';

/** The empty dashboard: spec §2's "No Api Found...", then how to start. */
export function FirstSteps({ viewer }: { viewer: boolean }) {
  return (
    <Stack spacing={1} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">{apiMessages.noApiFound}</Typography>
      {viewer ? (
        <Typography color="text.secondary">APIs your team imports will show here.</Typography>
      ) : (
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          To start, import an OpenAPI document (JSON or YAML) with Create New API, design one here with Start
          Empty API, or describe your endpoints to{' '}
          <Link component={RouterLink} to="/prompter">
            API Copilot
          </Link>{' '}
          and import the draft it writes.
        </Typography>
      )}
    </Stack>
  );
}
