import { Box, MenuItem, TextField } from '@mui/material';
import { type BodyProperty, PROPERTY_TYPES, type PropertyType, schemaRef } from '@sandbox/contracts';
import { useState } from 'react';
import { refName } from './propertyTree';
import { listText, parseListText, parseValueText, valueText } from './valueText';

export interface PropertyConstraintsProps {
  property: BodyProperty;
  /** The API's named schemas, which an object (or the items of an array) may be. */
  schemaNames: string[];
  readOnly: boolean;
  onChange: (patch: Partial<BodyProperty>) => void;
}

/** A number typed as text: empty (or not yet a number, as `-`) means none. */
const toNumber = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text));

/** What a property says beyond its row: format, allowed values, example, range, pattern, items, schema. */
export function PropertyConstraints({ property, schemaNames, readOnly, onChange }: PropertyConstraintsProps) {
  // Typed text is kept as typed; the property gets its parsed value.
  const [text, setText] = useState(() => ({
    enumValues: listText(property.enumValues),
    example: valueText(property.example),
    minimum: property.minimum?.toString() ?? '',
    maximum: property.maximum?.toString() ?? '',
  }));
  const type = (name: keyof typeof text, parse: (value: string) => Partial<BodyProperty>) => ({
    value: text[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setText((current) => ({ ...current, [name]: event.target.value }));
      onChange(parse(event.target.value));
    },
  });
  const isArray = property.jsonKeyType === 'array';
  const takesSchema = property.jsonKeyType === 'object' || (isArray && property.itemsType === 'object');

  return (
    <Box
      role="group"
      aria-label={`Constraints of ${property.jsonKey}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
        gap: 1,
        p: 1.5,
        my: 0.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <TextField
        size="small"
        label="Description"
        disabled={readOnly}
        value={property.description ?? ''}
        onChange={(event) => onChange({ description: event.target.value || null })}
        sx={{ gridColumn: 'span 2' }}
      />
      <TextField
        size="small"
        label="Format"
        placeholder="email, date-time, uuid"
        disabled={readOnly}
        value={property.format ?? ''}
        onChange={(event) => onChange({ format: event.target.value || null })}
      />
      <TextField
        size="small"
        label="One of"
        placeholder="available, sold"
        disabled={readOnly}
        {...type('enumValues', (value) => ({ enumValues: parseListText(value) }))}
      />
      <TextField
        size="small"
        label="Example"
        disabled={readOnly}
        {...type('example', (value) => ({ example: value === '' ? undefined : parseValueText(value) }))}
      />
      <TextField
        size="small"
        label="Minimum"
        disabled={readOnly}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...type('minimum', (value) => ({ minimum: toNumber(value) }))}
      />
      <TextField
        size="small"
        label="Maximum"
        disabled={readOnly}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...type('maximum', (value) => ({ maximum: toNumber(value) }))}
      />
      <TextField
        size="small"
        label="Pattern"
        disabled={readOnly}
        value={property.pattern ?? ''}
        onChange={(event) => onChange({ pattern: event.target.value || null })}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      {isArray && (
        <TextField
          select
          size="small"
          label="Items Type"
          disabled={readOnly}
          value={property.itemsType ?? ''}
          onChange={(event) =>
            onChange({ itemsType: event.target.value === '' ? null : (event.target.value as PropertyType) })
          }
        >
          <MenuItem value="">
            <em>Any</em>
          </MenuItem>
          {PROPERTY_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
      {takesSchema && (
        <TextField
          select
          size="small"
          label={isArray ? 'Items Schema' : 'Schema'}
          disabled={readOnly}
          value={refName(property.refProperties)}
          onChange={(event) =>
            onChange({
              refProperties: event.target.value === '' ? null : schemaRef(event.target.value),
              // a named schema replaces properties written in place
              ...(event.target.value !== '' && { configProperties: [] }),
            })
          }
        >
          <MenuItem value="">
            <em>Written here</em>
          </MenuItem>
          {schemaNames.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
