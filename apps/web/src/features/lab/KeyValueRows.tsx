import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { aRow, type Row } from './labRequest';

interface KeyValueRowsProps {
  /** Names the rows for assistive technology: "Query param", "Header". */
  noun: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  readOnly: boolean;
}

/** Editable key/value rows with add and remove (spec §2 Query Params and Headers). */
export function KeyValueRows({ noun, rows, onChange, readOnly }: KeyValueRowsProps) {
  // a row the user changed is theirs: choosing another method keeps it
  const update = (id: string, change: Partial<Row>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...change, fromOperation: false } : r)));
  return (
    <Stack spacing={1.5}>
      {rows.length === 0 && <Typography color="text.secondary">No {noun.toLowerCase()}s.</Typography>}
      {rows.map((row, index) => (
        <Box
          key={row.id}
          role="group"
          aria-label={`${noun} ${index + 1}`}
          sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}
        >
          <TextField
            label="Key"
            size="small"
            value={row.key}
            onChange={(event) => update(row.id, { key: event.target.value })}
            slotProps={{ htmlInput: { readOnly: row.fixedKey, maxLength: 200 } }}
            sx={{ width: 240 }}
          />
          <TextField
            label="Value"
            size="small"
            value={row.value}
            onChange={(event) => update(row.id, { value: event.target.value })}
            sx={{ flex: 1 }}
          />
          <IconButton
            aria-label={`Remove ${noun.toLowerCase()}`}
            disabled={readOnly}
            onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
          >
            <CloseIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} disabled={readOnly} onClick={() => onChange([...rows, aRow()])}>
          Add {noun.toLowerCase()}
        </Button>
      </Box>
    </Stack>
  );
}
