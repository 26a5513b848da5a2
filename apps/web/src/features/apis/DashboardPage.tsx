import { Box, CircularProgress, Link, Stack, Typography } from '@mui/material';
import type { ApiMaster } from '@sandbox/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiTable } from './ApiTable';
import { useApiList } from './api';
import { CreateApiMenu } from './CreateApiMenu';
import { DeployApiDialog } from './DeployApiDialog';
import { FirstSteps } from './FirstSteps';
import { isViewer } from './roles';

export function DashboardPage() {
  const list = useApiList();
  const [deploying, setDeploying] = useState<ApiMaster | null>(null);
  const viewer = isViewer();

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          <Link component={RouterLink} to="/dashboard" color="inherit" underline="hover">
            All APIs
          </Link>
        </Typography>
        {!viewer && <CreateApiMenu variant="buttons" />}
      </Stack>
      {list.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading APIs" />
        </Box>
      ) : (list.data ?? []).length === 0 ? (
        <FirstSteps viewer={viewer} />
      ) : (
        <ApiTable apis={list.data ?? []} readOnly={viewer} onDeploy={setDeploying} />
      )}
      <DeployApiDialog api={deploying} onClose={() => setDeploying(null)} />
    </Stack>
  );
}
