import AddIcon from '@mui/icons-material/Add';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import {
  Box,
  Button,
  CircularProgress,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { MethodBadge } from '../../components/MethodBadge';
import { ApiBehaviourForm } from './ApiBehaviourForm';
import { ApiImportWarnings } from './ApiImportWarnings';
import { ApiSettingsDialog } from './ApiSettingsDialog';
import { useApiDetail } from './api';
import { CreateSchemaDialog } from './CreateSchemaDialog';
import { DeterministicAnswersForm } from './DeterministicAnswersForm';
import { EndpointDialog } from './EndpointDialog';
import { isViewer } from './roles';
import { SchemaEditor } from './SchemaEditor';
import { UpstreamUrlForm } from './UpstreamUrlForm';

/**
 * An API as a whole: its settings, what its import could not honour, how its sandbox answers every
 * endpoint, its endpoints (or, for a new API, where to start) and its named schemas.
 */
export function ApiOverviewPage() {
  const { projectId = '' } = useParams();
  const detail = useApiDetail(projectId);
  const readOnly = isViewer();
  const [addingEndpoint, setAddingEndpoint] = useState(false);
  const [addingSchema, setAddingSchema] = useState(false);
  const [editing, setEditing] = useState(false);

  if (detail.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading API" />
      </Box>
    );
  }
  if (detail.isError) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        This API could not be loaded.
      </Typography>
    );
  }

  const api = detail.data;
  const endpoints = api.apiConfigList;
  const schemas = api.schemaMasterList;
  const addEndpoint = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      disabled={readOnly}
      onClick={() => setAddingEndpoint(true)}
    >
      Add Endpoint
    </Button>
  );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              {api.apiMasterName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Version {api.apiVersion} · {api.apiDescription}
            </Typography>
          </Box>
          {/* spec §6: a Viewer changes nothing; the control is not offered */}
          {!readOnly && (
            <Button variant="outlined" startIcon={<SettingsOutlinedIcon />} onClick={() => setEditing(true)}>
              Settings
            </Button>
          )}
          {endpoints.length > 0 && addEndpoint}
        </Stack>
      </Paper>
      <ApiImportWarnings warnings={api.warnings ?? []} />

      {/* an API without endpoints has nothing to answer yet: where it starts comes first */}
      {endpoints.length > 0 && (
        <Stack component="section" aria-label="Sandbox answers" spacing={2}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Sandbox answers
          </Typography>
          {/* keyed by the saved seed: the form starts again from what the server holds */}
          <DeterministicAnswersForm
            key={String(api.answerSeed)}
            apiMasterId={projectId}
            seed={api.answerSeed}
            readOnly={readOnly}
          />
          <ApiBehaviourForm apiMasterId={projectId} behaviour={api.behaviour ?? null} readOnly={readOnly} />
          <UpstreamUrlForm
            key={api.upstreamUrl ?? ''}
            apiMasterId={projectId}
            upstreamUrl={api.upstreamUrl ?? null}
            readOnly={readOnly}
          />
        </Stack>
      )}

      <Paper variant="outlined" component="section" aria-label="Endpoints" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Endpoints
        </Typography>
        {endpoints.length === 0 ? (
          <Stack spacing={1.5} sx={{ py: 4, alignItems: 'center', textAlign: 'center' }}>
            <Typography color="text.secondary">This API has no endpoints yet.</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
              Add one with its method and path; then give it parameters, a request body and responses. Named
              schemas below describe the bodies.
            </Typography>
            {addEndpoint}
          </Stack>
        ) : (
          <List dense disablePadding>
            {endpoints.map((endpoint) => (
              <ListItemButton
                key={endpoint.id}
                component={RouterLink}
                to={`/request/${api.id}/${endpoint.id}`}
                aria-label={`${endpoint.methodType} ${endpoint.apiEndPoint}`}
                sx={{ gap: 1.5 }}
              >
                <MethodBadge method={endpoint.methodType} />
                <ListItemText
                  primary={endpoint.apiEndPoint}
                  secondary={endpoint.summary}
                  slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>

      <Stack component="section" aria-label="Schemas" spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Schemas
          </Typography>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={readOnly}
            onClick={() => setAddingSchema(true)}
          >
            New Schema
          </Button>
        </Stack>
        {schemas.length === 0 ? (
          <Typography color="text.secondary">
            No named schemas yet. A schema describes a body once, for every endpoint that sends or answers it.
          </Typography>
        ) : (
          schemas.map((schema) => (
            <SchemaEditor
              key={schema.schemaName}
              apiMasterId={projectId}
              schema={schema}
              readOnly={readOnly}
            />
          ))
        )}
      </Stack>

      {editing && <ApiSettingsDialog api={api} onClose={() => setEditing(false)} />}
      <EndpointDialog
        open={addingEndpoint}
        onClose={() => setAddingEndpoint(false)}
        apiMasterId={projectId}
      />
      <CreateSchemaDialog
        open={addingSchema}
        onClose={() => setAddingSchema(false)}
        apiMasterId={projectId}
        schemaNames={schemas.map((schema) => schema.schemaName)}
      />
    </Stack>
  );
}
