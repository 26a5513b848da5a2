import { Box, Button, Stack, Typography } from '@mui/material';
import { apiMessages, type BodyProperty, messages, type SchemaMaster } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useSaveSchema } from './api';
import { PropertyList } from './PropertyList';
import { type PropertyPath, updatePropertyAt } from './propertyTree';

export interface SchemaEditorProps {
  apiMasterId: string | number;
  schema: SchemaMaster;
  readOnly: boolean;
}

/** spec §2 Body: edits the properties of one named schema and saves them as a whole. */
export function SchemaEditor({ apiMasterId, schema, readOnly }: SchemaEditorProps) {
  const save = useSaveSchema(apiMasterId);
  const [source, setSource] = useState(schema.configProperties);
  const [properties, setProperties] = useState<BodyProperty[]>(schema.configProperties);
  // A reload after a save (or another endpoint) brings new server values: start again from them.
  if (source !== schema.configProperties) {
    setSource(schema.configProperties);
    setProperties(schema.configProperties);
  }

  const change = (path: PropertyPath, patch: Partial<BodyProperty>) =>
    setProperties((current) => updatePropertyAt(current, path, patch));

  const submit = () =>
    save.mutate(
      { schemaName: schema.schemaName, body: { configProperties: properties } },
      {
        onSuccess: () => toast.success(apiMessages.updateSuccess),
        onError: () => toast.error(messages.somethingWrong),
      },
    );

  return (
    <Box
      component="section"
      aria-label={`Schema ${schema.schemaName}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {schema.schemaName}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({schema.schemaType})
          </Typography>
        </Typography>
        <Button variant="contained" onClick={submit} disabled={readOnly || save.isPending}>
          Save
        </Button>
      </Stack>
      {properties.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          This schema has no properties.
        </Typography>
      ) : (
        <PropertyList properties={properties} path={[]} onChange={change} />
      )}
    </Box>
  );
}
