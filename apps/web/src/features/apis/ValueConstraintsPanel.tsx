import { Box, MenuItem, TextField } from '@mui/material';
import { PROPERTY_TYPES, type PropertyType } from '@sandbox/contracts';
import { useState } from 'react';
import { digitsOnly } from './inputMasks';
import { listText, parseListText, parseValueText, valueText } from './valueText';

/** What a parameter or header may say of its values, beside its type and required flag. */
export interface ValueConstraints {
  dataType?: PropertyType;
  defaultValue?: string | null;
  format?: string | null;
  enumValues?: unknown[] | null;
  example?: unknown;
  minLength?: number | null;
  maxLength?: number | null;
  minimum?: number | null;
  maximum?: number | null;
  pattern?: string | null;
  itemsType?: PropertyType | null;
}

export interface ValueConstraintsPanelProps {
  /** Names the panel: `Constraints of limit`. */
  name: string;
  value: ValueConstraints;
  readOnly: boolean;
  onChange: (patch: Partial<ValueConstraints>) => void;
}

const toNumber = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text));

/** The constraints of one parameter or header, below its row. */
export function ValueConstraintsPanel({ name, value, readOnly, onChange }: ValueConstraintsPanelProps) {
  // Typed text is kept as typed; the row gets its parsed value.
  const [text, setText] = useState(() => ({
    enumValues: listText(value.enumValues),
    example: valueText(value.example),
    minimum: value.minimum?.toString() ?? '',
    maximum: value.maximum?.toString() ?? '',
  }));
  const typed = (field: keyof typeof text, parse: (typedText: string) => Partial<ValueConstraints>) => ({
    value: text[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setText((current) => ({ ...current, [field]: event.target.value }));
      onChange(parse(event.target.value));
    },
  });
  const plain = (field: 'defaultValue' | 'format' | 'pattern') => ({
    value: value[field] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ [field]: event.target.value || null }),
  });
  const length = (field: 'minLength' | 'maxLength') => ({
    value: value[field]?.toString() ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const digits = digitsOnly(event.target.value);
      onChange({ [field]: digits === '' ? null : Number(digits) });
    },
  });

  return (
    <Box
      role="group"
      aria-label={`Constraints of ${name}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        gap: 1,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <TextField size="small" label="Default Value" disabled={readOnly} {...plain('defaultValue')} />
      <TextField
        size="small"
        label="Format"
        placeholder="uuid, date"
        disabled={readOnly}
        {...plain('format')}
      />
      <TextField
        size="small"
        label="One of"
        placeholder="asc, desc"
        disabled={readOnly}
        {...typed('enumValues', (typedText) => ({ enumValues: parseListText(typedText) }))}
      />
      <TextField
        size="small"
        label="Example"
        disabled={readOnly}
        {...typed('example', (typedText) => ({
          example: typedText === '' ? undefined : parseValueText(typedText),
        }))}
      />
      <TextField
        size="small"
        label="Min Length"
        disabled={readOnly}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        {...length('minLength')}
      />
      <TextField
        size="small"
        label="Max Length"
        disabled={readOnly}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        {...length('maxLength')}
      />
      <TextField
        size="small"
        label="Minimum"
        disabled={readOnly}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...typed('minimum', (typedText) => ({ minimum: toNumber(typedText) }))}
      />
      <TextField
        size="small"
        label="Maximum"
        disabled={readOnly}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...typed('maximum', (typedText) => ({ maximum: toNumber(typedText) }))}
      />
      <TextField size="small" label="Pattern" disabled={readOnly} {...plain('pattern')} />
      {value.dataType === 'array' && (
        <TextField
          select
          size="small"
          label="Items Type"
          disabled={readOnly}
          value={value.itemsType ?? ''}
          onChange={(event) =>
            onChange({ itemsType: event.target.value === '' ? null : (event.target.value as PropertyType) })
          }
        >
          <MenuItem value="">
            <em>Any</em>
          </MenuItem>
          {PROPERTY_TYPES.filter((type) => type !== 'array' && type !== 'object').map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
