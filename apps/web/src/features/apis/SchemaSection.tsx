import { Stack, Typography } from '@mui/material';
import type { SchemaMaster } from '@sandbox/contracts';
import { referencedSchemas } from './propertyTree';
import { SchemaEditor } from './SchemaEditor';

export interface SchemaSectionProps {
  apiMasterId: string;
  schemaName: string | null;
  schemas: SchemaMaster[];
  readOnly: boolean;
}

/** A body schema and, below it, each named schema it references, all editable. */
export function SchemaSection({ apiMasterId, schemaName, schemas, readOnly }: SchemaSectionProps) {
  const root = schemas.find((schema) => schema.schemaName === schemaName);
  if (!root) return <Typography color="text.secondary">No body schema.</Typography>;
  return (
    <Stack spacing={2}>
      {[root, ...referencedSchemas(root.schemaName, schemas)].map((schema) => (
        <SchemaEditor key={schema.schemaName} apiMasterId={apiMasterId} schema={schema} readOnly={readOnly} />
      ))}
    </Stack>
  );
}
