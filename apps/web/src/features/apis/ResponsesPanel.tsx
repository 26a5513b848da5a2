import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { EndpointDetail } from '@sandbox/contracts';
import { useState } from 'react';
import { AddResponseDialog } from './AddResponseDialog';
import { useHttpStatusCodes } from './api';
import { ResponseCard } from './ResponseCard';
import { ResponseDescriptionForm } from './ResponseDescriptionForm';
import { SchemaSection } from './SchemaSection';

export interface ResponsesPanelProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

/** spec §2 Response: a card per response code; the selected one shows its body schema. */
export function ResponsesPanel({ apiMasterId, endpoint, readOnly }: ResponsesPanelProps) {
  const statusCodes = useHttpStatusCodes().data ?? {};
  const [adding, setAdding] = useState(false);
  const responses = endpoint.responseConfigList;
  const [chosenId, setChosenId] = useState<number | undefined>(undefined);
  const selected = responses.find((r) => r.id === chosenId) ?? responses[0];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Responses
        </Typography>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          disabled={readOnly}
        >
          Add Response
        </Button>
      </Stack>
      {responses.length === 0 ? (
        <Typography color="text.secondary">This endpoint has no responses yet.</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {responses.map((response) => (
            <ResponseCard
              key={response.id ?? response.responseCode}
              response={response}
              statusText={statusCodes[response.responseCode]}
              selected={response === selected}
              onSelect={() => setChosenId(response.id)}
            />
          ))}
        </Box>
      )}
      {selected && (
        <Stack spacing={2} key={selected.id ?? selected.responseCode}>
          {selected.id !== undefined && (
            <ResponseDescriptionForm response={{ ...selected, id: selected.id }} readOnly={readOnly} />
          )}
          {selected.contentType && (
            <Typography variant="body2" color="text.secondary">
              Content type: {selected.contentType}
            </Typography>
          )}
          <SchemaSection
            apiMasterId={apiMasterId}
            schemaName={selected.responseSchemaName}
            schemas={endpoint.schemaMasterList}
            readOnly={readOnly}
          />
        </Stack>
      )}
      <AddResponseDialog
        open={adding}
        onClose={() => setAdding(false)}
        apiMasterId={apiMasterId}
        endpointId={String(endpoint.id)}
        statusCodes={statusCodes}
        existingCodes={responses.map((r) => r.responseCode)}
      />
    </Stack>
  );
}
