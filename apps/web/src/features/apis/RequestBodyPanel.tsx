import { Stack, TextField, Typography } from '@mui/material';
import { apiMessages, type EndpointDetail } from '@sandbox/contracts';
import { toast } from 'react-toastify';
import { designFailureMessage, useSaveRequestBody } from '../design/api';
import { SchemaPicker } from '../design/SchemaPicker';
import { SchemaSection } from './SchemaSection';

export interface RequestBodyPanelProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

/** spec §2 Body: the request's content type, its schema and the schemas that one references. */
export function RequestBodyPanel({ apiMasterId, endpoint, readOnly }: RequestBodyPanelProps) {
  const request = endpoint.requestConfigList[0];
  const save = useSaveRequestBody(apiMasterId, String(endpoint.id));
  const choose = (schemaName: string | null) =>
    save.mutate(
      { schemaName, contentType: request?.contentType ?? 'application/json' },
      {
        onSuccess: () => toast.success(apiMessages.updated),
        onError: (error) => toast.error(designFailureMessage(error)),
      },
    );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {request && (
          <TextField
            label="Content Type"
            size="small"
            value={request.contentType}
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={{ width: 220 }}
          />
        )}
        <SchemaPicker
          apiMasterId={apiMasterId}
          label="Schema Name"
          value={request?.schemaName ?? null}
          onChange={choose}
          disabled={readOnly || save.isPending}
        />
      </Stack>
      {request ? (
        <SchemaSection
          apiMasterId={apiMasterId}
          schemaName={request.schemaName}
          schemas={endpoint.schemaMasterList}
          readOnly={readOnly}
        />
      ) : (
        <Typography color="text.secondary">This endpoint takes no request body.</Typography>
      )}
    </Stack>
  );
}
