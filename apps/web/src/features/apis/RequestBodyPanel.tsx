import { Stack, Typography } from '@mui/material';
import { apiMessages, type EndpointDetail, type RequestBodySave } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { designFailureMessage, useSaveRequestBody } from './designApi';
import { RequestBodyFields, type RequestBodyShape } from './RequestBodyFields';
import { REQUEST_MEDIA_TYPES } from './requestMediaTypes';
import { SchemaPicker } from './SchemaPicker';
import { SchemaSection } from './SchemaSection';

export interface RequestBodyPanelProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

/** spec §2 Body: the request's media type, whether it is required, its schema and the schemas that one references. */
export function RequestBodyPanel({ apiMasterId, endpoint, readOnly }: RequestBodyPanelProps) {
  const [request, ...alsoDeclared] = endpoint.requestConfigList;
  const save = useSaveRequestBody(apiMasterId, String(endpoint.id));
  // Until a schema is chosen there is no body to save: the media type and Required wait for it.
  const [draft, setDraft] = useState<RequestBodyShape>({
    contentType: REQUEST_MEDIA_TYPES[0],
    isRequired: true,
  });
  // While a save is on its way the controls show what it sends, not the value it replaces: set here,
  // in the click, since the mutation's own state reaches the screen a tick later.
  const [sending, setSending] = useState<RequestBodyShape | null>(null);
  const shape: RequestBodyShape =
    sending ?? (request ? { contentType: request.contentType, isRequired: request.isRequired } : draft);
  const send = (body: RequestBodySave & RequestBodyShape) => {
    setSending({ contentType: body.contentType, isRequired: body.isRequired });
    save.mutate(body, {
      onSuccess: () => toast.success(apiMessages.updated),
      onError: (error) => toast.error(designFailureMessage(error)),
      onSettled: () => setSending(null),
    });
  };
  const choose = (schemaName: string | null) => send({ schemaName, ...shape });
  const edit = (change: Partial<RequestBodyShape>) => {
    if (!request) setDraft({ ...draft, ...change });
    else if (request.schemaName !== null) send({ schemaName: request.schemaName, ...shape, ...change });
  };
  // A save changes the media type it names: of a body imported in several, the first one's schema
  // changes and the others stay, and none is renamed; a body whose schema is the document's own, not a
  // named one, keeps its media type too.
  const fixedAsImported = alsoDeclared.length > 0 || (request !== undefined && request.schemaName === null);
  const fixedReason = !fixedAsImported
    ? undefined
    : alsoDeclared.length > 0
      ? 'Kept as imported: the document declares this body in several media types'
      : 'Kept as imported: the document describes this body in place; choose a Schema Name to change them';
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <RequestBodyFields
          value={shape}
          onChange={edit}
          disabled={readOnly || sending !== null || save.isPending || fixedAsImported}
          disabledReason={readOnly ? undefined : fixedReason}
        />
        <SchemaPicker
          apiMasterId={apiMasterId}
          label="Schema Name"
          value={request?.schemaName ?? null}
          onChange={choose}
          disabled={readOnly || save.isPending}
        />
      </Stack>
      {alsoDeclared.length > 0 && (
        <Typography color="text.secondary">
          As imported, the body may also be sent as {alsoDeclared.map((r) => r.contentType).join(', ')}.
        </Typography>
      )}
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
