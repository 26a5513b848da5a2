import { Box, Button, Stack } from '@mui/material';
import { type TestDataTarget, testDataMessages } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { CodeEditor } from '../../components/codeEditor/CodeEditor';
import { isHttpError } from '../../lib/http';
import { useSaveTestRows } from './api';

export interface TestRowsEditorProps {
  target: TestDataTarget;
  endpointId: number;
  rows: Record<string, unknown>[];
}

const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows typed, when they are a JSON array of objects; null otherwise. */
function rowsOf(text: string): Record<string, unknown>[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every(isRow) ? value : null;
  } catch {
    return null;
  }
}

/** The stored rows as JSON, to read or to edit and save in place of them. */
export function TestRowsEditor({ target, endpointId, rows }: TestRowsEditorProps) {
  const save = useSaveTestRows(target, endpointId);
  const stored = JSON.stringify(rows, null, 2);
  const [text, setText] = useState(stored);
  const [shown, setShown] = useState(stored);
  // Rows saved, uploaded or generated since: the editor starts again from them.
  if (shown !== stored) {
    setShown(stored);
    setText(stored);
  }
  const typed = rowsOf(text);

  const submit = () =>
    typed &&
    save.mutate(typed, {
      onSuccess: () => toast.success(testDataMessages.rowsSaved),
      onError: (error) =>
        toast.error(isHttpError(error) && error.detail ? error.detail : testDataMessages.failed),
    });

  return (
    <Stack spacing={1}>
      <CodeEditor
        label="Rows (JSON)"
        value={text}
        onChange={setText}
        minLines={6}
        maxHeight={280}
        helperText={
          typed || text.trim() === ''
            ? 'One object a row; Save Rows replaces the stored rows.'
            : 'The rows must be a JSON array of objects.'
        }
      />
      <Box>
        <Button variant="outlined" onClick={submit} disabled={!typed || text === stored || save.isPending}>
          Save Rows
        </Button>
      </Box>
    </Stack>
  );
}
