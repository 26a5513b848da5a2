import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { Box, Checkbox, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { AUTO_GENERATION_TYPES, type BodyProperty, type PropertyType } from '@sandbox/contracts';
import type { KeyboardEvent } from 'react';
import { digitsOnly, isDigitKey } from './inputMasks';
import { PROPERTY_GRID, STICKY_KEY } from './propertyColumns';
import { holdsProperties, isRenamable } from './propertyEdits';
import { PROPERTY_TYPE_OPTIONS, refName, toBound } from './propertyTree';

export interface PropertyRowProps {
  property: BodyProperty;
  /** The property's dotted key (`address.city`): the row's accessible name. */
  label: string;
  /** How deep the property is nested: its key is indented by as many steps. */
  depth: number;
  onChange: (patch: Partial<BodyProperty>) => void;
  /** A Viewer's row: every field and action disabled. */
  readOnly?: boolean;
  /** Whether the row's constraints are shown below it, and how to toggle them. */
  constraintsOpen?: boolean;
  onToggleConstraints?: () => void;
  /** Adds a property inside this one (objects); absent: the row offers none. */
  onAddNested?: () => void;
  /** Removes the row; offered for properties a user added, not for those a document brought. */
  onRemove?: () => void;
}

// spec §5: lengths take digit keys only; pasted text is filtered on change.
const blockNonDigits = (event: KeyboardEvent) => {
  if (!isDigitKey(event.key, event.ctrlKey || event.metaKey)) event.preventDefault();
};

/** The column header names each field on screen; the field keeps the name for assistive technology. */
const named = (name: string) => ({ htmlInput: { 'aria-label': name } });
const namedSelect = (name: string) => ({ select: { SelectDisplayProps: { 'aria-label': name } } });

/** One property on one line: key (with its allowed values or schema), type, bounds, default, generation, mandatory. */
export function PropertyRow({
  property,
  label,
  depth,
  onChange,
  readOnly = false,
  constraintsOpen = false,
  onToggleConstraints,
  onAddNested,
  onRemove,
}: PropertyRowProps) {
  const isBoolean = property.jsonKeyType === 'boolean';
  const renamable = isRenamable(property);
  const ref = refName(property.refProperties);
  const values = property.enumValues
    ?.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
    .join(', ');
  return (
    <Box role="group" aria-label={label} sx={{ ...PROPERTY_GRID, py: 0.5 }}>
      <Box
        sx={{
          ...STICKY_KEY,
          minWidth: 0,
          pl: depth * 2.5,
          ...(depth > 0 && { borderLeft: 2, borderColor: 'divider' }),
        }}
      >
        {renamable ? (
          // a property a user added: its key may change until it is right
          <TextField
            size="small"
            fullWidth
            value={property.jsonKey}
            disabled={readOnly}
            onChange={(event) => onChange({ jsonKey: event.target.value })}
            slotProps={{
              htmlInput: { 'aria-label': 'Key', spellCheck: false, style: { fontFamily: 'monospace' } },
            }}
            sx={{ pl: depth > 0 ? 1 : 0 }}
          />
        ) : (
          <Typography
            variant="body2"
            sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere', pl: depth > 0 ? 1 : 0 }}
          >
            {property.jsonKey}
          </Typography>
        )}
        {values && (
          <Typography
            variant="caption"
            color="text.secondary"
            title={values}
            sx={{ display: 'block', pl: depth > 0 ? 1 : 0, overflowWrap: 'anywhere' }}
          >
            One of: {values}
          </Typography>
        )}
        {ref && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', pl: depth > 0 ? 1 : 0 }}
          >
            Schema: {ref}
          </Typography>
        )}
      </Box>
      <TextField
        select
        size="small"
        value={property.jsonKeyType}
        disabled={readOnly}
        onChange={(event) => onChange({ jsonKeyType: event.target.value as PropertyType })}
        slotProps={namedSelect('Type')}
      >
        {PROPERTY_TYPE_OPTIONS.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        value={property.minLength ?? ''}
        disabled={isBoolean || readOnly}
        onKeyDown={blockNonDigits}
        onChange={(event) => onChange({ minLength: toBound(digitsOnly(event.target.value)) })}
        slotProps={{ htmlInput: { 'aria-label': 'Min Length', inputMode: 'numeric' } }}
      />
      <TextField
        size="small"
        value={property.maxLength ?? ''}
        disabled={isBoolean || readOnly}
        onKeyDown={blockNonDigits}
        onChange={(event) => onChange({ maxLength: toBound(digitsOnly(event.target.value)) })}
        slotProps={{ htmlInput: { 'aria-label': 'Max Length', inputMode: 'numeric' } }}
      />
      <TextField
        size="small"
        value={property.defaultValue ?? ''}
        disabled={readOnly}
        onChange={(event) =>
          onChange({ defaultValue: event.target.value === '' ? null : event.target.value })
        }
        slotProps={named('Default Value')}
      />
      <TextField
        select
        size="small"
        value={property.autoGenerationType ?? ''}
        disabled={readOnly}
        onChange={(event) =>
          onChange({
            autoGenerationType:
              event.target.value === '' ? null : (event.target.value as BodyProperty['autoGenerationType']),
          })
        }
        slotProps={namedSelect('Auto Generation')}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {AUTO_GENERATION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ textAlign: 'center' }}>
        <Checkbox
          size="small"
          checked={property.isMandatory}
          disabled={readOnly}
          onChange={(_event, checked) => onChange({ isMandatory: checked })}
          slotProps={{ input: { 'aria-label': 'Mandatory' } }}
        />
      </Box>
      <Box sx={{ display: 'flex' }}>
        {onToggleConstraints && (
          <IconButton
            size="small"
            aria-label="Constraints"
            aria-expanded={constraintsOpen}
            title="Format, allowed values, example, range"
            onClick={onToggleConstraints}
          >
            <TuneIcon fontSize="small" />
          </IconButton>
        )}
        {onAddNested && holdsProperties(property) && (
          <IconButton
            size="small"
            aria-label="Add Nested Property"
            title="Add a property inside"
            disabled={readOnly}
            onClick={onAddNested}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        )}
        {onRemove && renamable && (
          <IconButton
            size="small"
            aria-label="Remove Property"
            title="Remove"
            disabled={readOnly}
            onClick={onRemove}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
    </Box>
  );
}
