import { Stack, TextField, Typography } from '@mui/material';
import type { EndpointDetail } from '@sandbox/contracts';
import { SchemaSection } from './SchemaSection';

export interface RequestBodyPanelProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

/** spec §2 Body: the request's content type, its schema and the schemas that one references. */
export function RequestBodyPanel({ apiMasterId, endpoint, readOnly }: RequestBodyPanelProps) {
  const request = endpoint.requestConfigList[0];
  if (!request) return <Typography color="text.secondary">This endpoint takes no request body.</Typography>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        <TextField
          label="Content Type"
          size="small"
          value={request.contentType}
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ width: 220 }}
        />
        <TextField
          label="Schema Name"
          size="small"
          value={request.schemaName ?? ''}
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ width: 220 }}
        />
      </Stack>
      <SchemaSection
        apiMasterId={apiMasterId}
        schemaName={request.schemaName}
        schemas={endpoint.schemaMasterList}
        readOnly={readOnly}
      />
    </Stack>
  );
}
