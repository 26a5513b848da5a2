import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import { apiMessages, designMessages, type EndpointDetail, type ResponseConfig } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AddResponseDialog } from './AddResponseDialog';
import { useHttpStatusCodes } from './api';
import { designFailureMessage, useDeleteResponse, useSaveResponseSchema } from './designApi';
import { ResponseCard } from './ResponseCard';
import { ResponseDescriptionForm } from './ResponseDescriptionForm';
import { SchemaPicker } from './SchemaPicker';
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
  const saveSchema = useSaveResponseSchema();
  const remove = useDeleteResponse(apiMasterId, String(endpoint.id));
  const [removing, setRemoving] = useState<ResponseConfig | null>(null);
  const chooseSchema = (response: ResponseConfig, schemaName: string | null) =>
    saveSchema.mutate(
      { response, schemaName },
      {
        onSuccess: () => toast.success(apiMessages.responseCodeUpdated),
        onError: (error) => toast.error(designFailureMessage(error)),
      },
    );
  const removeResponse = () => {
    if (removing?.id === undefined) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast.success(designMessages.responseRemoved),
      onError: (error) => toast.error(designFailureMessage(error)),
      onSettled: () => setRemoving(null),
    });
  };

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
          {selected.id !== undefined && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <SchemaPicker
                apiMasterId={apiMasterId}
                label="Response Schema"
                value={selected.responseSchemaName}
                onChange={(schemaName) => chooseSchema(selected, schemaName)}
                disabled={readOnly || saveSchema.isPending}
              />
              <Button color="error" disabled={readOnly} onClick={() => setRemoving(selected)}>
                Remove Response
              </Button>
            </Stack>
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
      <ConfirmDialog
        open={removing !== null}
        title="Remove Response"
        subtitle={`Remove the ${removing?.responseCode ?? ''} response of this endpoint?`}
        submitText="Remove"
        onCancel={() => setRemoving(null)}
        onSubmit={removeResponse}
        busy={remove.isPending}
      />
    </Stack>
  );
}
