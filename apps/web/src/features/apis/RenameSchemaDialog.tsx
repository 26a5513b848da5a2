import { Button, Stack } from '@mui/material';
import { apiMessages, type BodyProperty } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { AppDialog } from '../../components/AppDialog';
import { isHttpError } from '../../lib/http';
import { designFailureMessage, useSaveDesignedSchema } from './designApi';
import { SchemaNameField } from './SchemaNameField';
import { readSchemaRename } from './schemaRename';

export interface RenameSchemaDialogProps {
  open: boolean;
  onClose: () => void;
  apiMasterId: string | number;
  schemaName: string;
  /** The properties the editor shows, saved with the new name so no edit is lost. */
  properties: BodyProperty[];
}

/** Renames a schema a user added; the server writes the new name into every reference to it. */
export function RenameSchemaDialog({
  open,
  onClose,
  apiMasterId,
  schemaName,
  properties,
}: RenameSchemaDialogProps) {
  const save = useSaveDesignedSchema(apiMasterId);
  const [name, setName] = useState(schemaName);
  const [problem, setProblem] = useState<string | undefined>();

  const close = () => {
    onClose();
    setName(schemaName);
    setProblem(undefined);
  };

  // awaited rather than told: once renamed, the editor showing the old name goes with its dialog
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const rename = readSchemaRename(name, schemaName);
    if (rename.kind === 'refused') return setProblem(rename.message);
    if (rename.kind === 'unchanged') return close();
    try {
      await save.mutateAsync({
        schemaName,
        body: { schemaName: rename.schemaName, configProperties: properties },
      });
      toast.success(apiMessages.updated);
      close();
    } catch (error) {
      // a taken name, or a schema the imported document brought, is said under the name
      if (isHttpError(error) && error.status < 500 && error.status !== 403)
        setProblem(designFailureMessage(error));
      else toast.error(designFailureMessage(error));
    }
  };

  return (
    <AppDialog open={open} onClose={close} title="Rename Schema" maxWidth="xs">
      <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ pt: 1 }}>
        <SchemaNameField
          value={name}
          onChange={(typed) => {
            setName(typed);
            setProblem(undefined);
          }}
          problem={problem}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
