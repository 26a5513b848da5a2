import { Box, Collapse, Typography } from '@mui/material';
import type { BodyProperty } from '@sandbox/contracts';
import { useState } from 'react';
import { PropertyConstraints } from './PropertyConstraints';
import { PropertyRow } from './PropertyRow';
import { PROPERTY_COLUMNS, PROPERTY_GRID, STICKY_KEY } from './propertyColumns';
import type { PropertyPath } from './propertyTree';

export interface PropertyListProps {
  properties: BodyProperty[];
  path: PropertyPath;
  /** The dotted keys above this level, naming each row for assistive technology. */
  parentKey?: string;
  onChange: (path: PropertyPath, patch: Partial<BodyProperty>) => void;
  /** Adds a property inside the one at `path`; absent: rows offer none. */
  onAdd?: (path: PropertyPath) => void;
  /** Removes the property at `path`; absent: rows offer none. */
  onRemove?: (path: PropertyPath) => void;
  /** The API's named schemas, which a property may be. */
  schemaNames?: string[];
  readOnly?: boolean;
}

/** The properties of a schema as a table: a header, then one row per property, nested ones indented. */
export function PropertyList(props: PropertyListProps) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box aria-hidden sx={{ ...PROPERTY_GRID, pb: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        {PROPERTY_COLUMNS.map((column) => (
          <Typography
            key={column}
            variant="caption"
            color="text.secondary"
            sx={{
              fontWeight: 600,
              textAlign: column === 'Mandatory' ? 'center' : 'left',
              pl: 0.5,
              ...(column === 'Key' && STICKY_KEY),
            }}
          >
            {column}
          </Typography>
        ))}
      </Box>
      <PropertyRows {...props} />
    </Box>
  );
}

function PropertyRows(props: PropertyListProps) {
  const { properties, path, parentKey } = props;
  return properties.map((property, index) => {
    const key = parentKey ? `${parentKey}.${property.jsonKey}` : property.jsonKey;
    // a row being renamed keeps its place (and focus) while its key changes
    return (
      <PropertyItem
        key={property.id ?? `new-${index}`}
        {...props}
        property={property}
        label={key}
        rowPath={[...path, index]}
      />
    );
  });
}

function PropertyItem({
  property,
  label,
  rowPath,
  onChange,
  onAdd,
  onRemove,
  schemaNames = [],
  readOnly = false,
}: PropertyListProps & { property: BodyProperty; label: string; rowPath: PropertyPath }) {
  const [constraintsOpen, setConstraintsOpen] = useState(false);
  const designable = onAdd !== undefined;
  return (
    <Box>
      <PropertyRow
        property={property}
        label={label}
        depth={rowPath.length - 1}
        readOnly={readOnly}
        onChange={(patch) => onChange(rowPath, patch)}
        constraintsOpen={constraintsOpen}
        onToggleConstraints={designable ? () => setConstraintsOpen((open) => !open) : undefined}
        onAddNested={onAdd && (() => onAdd(rowPath))}
        onRemove={onRemove && (() => onRemove(rowPath))}
      />
      {designable && (
        <Collapse in={constraintsOpen} unmountOnExit>
          <Box sx={{ pl: (rowPath.length - 1) * 2.5 }}>
            <PropertyConstraints
              property={property}
              schemaNames={schemaNames}
              readOnly={readOnly}
              onChange={(patch) => onChange(rowPath, patch)}
            />
          </Box>
        </Collapse>
      )}
      {(property.configProperties?.length ?? 0) > 0 && (
        <PropertyRows
          properties={property.configProperties ?? []}
          path={rowPath}
          parentKey={label}
          onChange={onChange}
          onAdd={onAdd}
          onRemove={onRemove}
          schemaNames={schemaNames}
          readOnly={readOnly}
        />
      )}
    </Box>
  );
}
