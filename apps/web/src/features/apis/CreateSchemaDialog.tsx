import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { apiMessages, type SchemaMaster, schemaRef, ZSchemaName } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { AppDialog } from '../../components/AppDialog';
import { isHttpError } from '../../lib/http';
import { designFailureMessage, useCreateSchema } from './designApi';
import { SchemaNameField } from './SchemaNameField';

export interface CreateSchemaDialogProps {
  open: boolean;
  onClose: () => void;
  apiMasterId: string;
  /** The API's named schemas: an array's items may be one of them. */
  schemaNames: string[];
  /** Told the new schema, for a body that is to use it at once. */
  onCreated?: (schema: SchemaMaster) => void;
}

type Shape = 'object' | 'array';

/** Adds a named schema: an object whose properties are designed next, or an array of a named schema. */
export function CreateSchemaDialog({
  open,
  onClose,
  apiMasterId,
  schemaNames,
  onCreated,
}: CreateSchemaDialogProps) {
  const create = useCreateSchema(apiMasterId);
  const [name, setName] = useState('');
  const [shape, setShape] = useState<Shape>('object');
  const [items, setItems] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const close = () => {
    onClose();
    setName('');
    setShape('object');
    setItems('');
    setProblem(undefined);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZSchemaName.safeParse(name);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message);
    const body =
      shape === 'array'
        ? {
            schemaName: parsed.data,
            schemaType: 'array' as const,
            itemsRef: items ? schemaRef(items) : null,
            itemsType: items ? ('object' as const) : null,
          }
        : { schemaName: parsed.data, schemaType: 'object' as const };
    create.mutate(body, {
      onSuccess: (schema) => {
        toast.success(apiMessages.updated);
        onCreated?.(schema);
        close();
      },
      // a name already taken is said under the name
      onError: (error) =>
        isHttpError(error) && error.status < 500 && error.status !== 403
          ? setProblem(designFailureMessage(error))
          : toast.error(designFailureMessage(error)),
    });
  };

  return (
    <AppDialog open={open} onClose={close} title="New Schema" maxWidth="xs">
      <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ pt: 1 }}>
        <SchemaNameField
          value={name}
          onChange={(typed) => {
            setName(typed);
            setProblem(undefined);
          }}
          problem={problem}
          placeholder="Pet"
        />
        <TextField
          select
          label="Kind"
          value={shape}
          onChange={(event) => setShape(event.target.value as Shape)}
        >
          <MenuItem value="object">Object with properties</MenuItem>
          <MenuItem value="array">List of another schema</MenuItem>
        </TextField>
        {shape === 'array' && (
          <TextField
            select
            label="Items Schema"
            value={items}
            onChange={(event) => setItems(event.target.value)}
          >
            {schemaNames.map((schemaName) => (
              <MenuItem key={schemaName} value={schemaName}>
                {schemaName}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Create
          </Button>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
