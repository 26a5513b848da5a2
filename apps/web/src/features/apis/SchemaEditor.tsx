import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { apiMessages, type BodyProperty, designMessages, type SchemaMaster } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useApiDetail } from './api';
import { designFailureMessage, useDeleteSchema, useSaveDesignedSchema } from './designApi';
import { PropertyList } from './PropertyList';
import { addPropertyAt, isRenamable, removePropertyAt } from './propertyEdits';
import { type PropertyPath, refName, updatePropertyAt } from './propertyTree';
import { RenameSchemaDialog } from './RenameSchemaDialog';

export interface SchemaEditorProps {
  apiMasterId: string | number;
  schema: SchemaMaster;
  readOnly: boolean;
}

/** spec §2 Body: edits the properties of one named schema and saves them as a whole. */
export function SchemaEditor({ apiMasterId, schema, readOnly }: SchemaEditorProps) {
  const save = useSaveDesignedSchema(apiMasterId);
  const remove = useDeleteSchema(apiMasterId);
  const schemas = useApiDetail(String(apiMasterId)).data?.schemaMasterList ?? [];
  const schemaNames = schemas.map((s) => s.schemaName);
  const [source, setSource] = useState(schema.configProperties);
  const [properties, setProperties] = useState<BodyProperty[]>(schema.configProperties);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [renaming, setRenaming] = useState(false);
  // A reload after a save (or another endpoint) brings new server values: start again from them.
  if (source !== schema.configProperties) {
    setSource(schema.configProperties);
    setProperties(schema.configProperties);
  }
  const holdsProperties = schema.schemaType === 'object';

  const change = (path: PropertyPath, patch: Partial<BodyProperty>) =>
    setProperties((current) => updatePropertyAt(current, path, patch));
  const add = (path: PropertyPath) => setProperties((current) => addPropertyAt(current, path));
  const removeAt = (path: PropertyPath) => setProperties((current) => removePropertyAt(current, path));

  const submit = () =>
    save.mutate(
      { schemaName: schema.schemaName, body: { configProperties: properties } },
      {
        onSuccess: () => toast.success(apiMessages.updateSuccess),
        // a duplicate key or a cycle of required references is named by the server
        onError: (error) => toast.error(designFailureMessage(error)),
      },
    );
  const deleteSchema = () =>
    remove.mutate(schema.schemaName, {
      onSuccess: () => toast.success(designMessages.schemaRemoved),
      onError: (error) => toast.error(designFailureMessage(error)),
      onSettled: () => setConfirmingDelete(false),
    });

  return (
    <Box
      component="section"
      id={schemaCardId(schema.schemaName)}
      aria-label={`Schema ${schema.schemaName}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {schema.schemaName}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({schema.schemaType}
            {schema.schemaType === 'array' && ` of ${refName(schema.itemsRef) || schema.itemsType || 'any'}`})
          </Typography>
        </Typography>
        {holdsProperties && (
          <Button startIcon={<AddIcon />} onClick={() => add([])} disabled={readOnly}>
            Add Property
          </Button>
        )}
        {isRenamable(schema) && (
          <Button onClick={() => setRenaming(true)} disabled={readOnly}>
            Rename
          </Button>
        )}
        {isRenamable(schema) && (
          <Button color="error" onClick={() => setConfirmingDelete(true)} disabled={readOnly}>
            Delete Schema
          </Button>
        )}
        <Button variant="contained" onClick={submit} disabled={readOnly || save.isPending}>
          Save
        </Button>
      </Stack>
      {schema.schemaType === 'array' ? (
        <ListItems schema={schema} schemas={schemas} />
      ) : properties.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {holdsProperties
            ? 'This schema has no properties yet: add the first one.'
            : 'This schema has no properties.'}
        </Typography>
      ) : (
        <PropertyList
          properties={properties}
          path={[]}
          onChange={change}
          onAdd={add}
          onRemove={removeAt}
          schemaNames={schemaNames}
          readOnly={readOnly}
        />
      )}
      <RenameSchemaDialog
        open={renaming}
        onClose={() => setRenaming(false)}
        apiMasterId={apiMasterId}
        schemaName={schema.schemaName}
        properties={properties}
      />
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete Schema"
        subtitle={`Delete the schema "${schema.schemaName}"? Bodies that use it must choose another first.`}
        submitText="Delete"
        onCancel={() => setConfirmingDelete(false)}
        onSubmit={deleteSchema}
        busy={remove.isPending}
      />
    </Box>
  );
}

/** Where a schema's card is, for a link to it from the page it is on. */
const schemaCardId = (schemaName: string) => `schema-${encodeURIComponent(schemaName)}`;

/** What a list holds: a link to the card of its items' schema and that schema's keys, or their type. */
function ListItems({ schema, schemas }: { schema: SchemaMaster; schemas: SchemaMaster[] }) {
  const itemsName = refName(schema.itemsRef);
  if (!itemsName) {
    return <Typography variant="body2">A list of {schema.itemsType ?? 'any'} values.</Typography>;
  }
  const keys = schemas.find((s) => s.schemaName === itemsName)?.configProperties.map((p) => p.jsonKey) ?? [];
  return (
    <Typography variant="body2">
      A list of <Link href={`#${schemaCardId(itemsName)}`}>{itemsName}</Link>
      {keys.length > 0 ? `, each with ${keys.join(', ')}.` : '.'}
    </Typography>
  );
}
