import { Box, Typography } from '@mui/material';
import type { BodyProperty } from '@sandbox/contracts';
import { PropertyRow } from './PropertyRow';
import { PROPERTY_COLUMNS, PROPERTY_GRID, STICKY_KEY } from './propertyColumns';
import type { PropertyPath } from './propertyTree';

export interface PropertyListProps {
  properties: BodyProperty[];
  path: PropertyPath;
  /** The dotted keys above this level, naming each row for assistive technology. */
  parentKey?: string;
  onChange: (path: PropertyPath, patch: Partial<BodyProperty>) => void;
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

function PropertyRows({ properties, path, parentKey, onChange }: PropertyListProps) {
  return properties.map((property, index) => {
    const rowPath = [...path, index];
    const key = parentKey ? `${parentKey}.${property.jsonKey}` : property.jsonKey;
    return (
      <Box key={key}>
        <PropertyRow
          property={property}
          label={key}
          depth={path.length}
          onChange={(patch) => onChange(rowPath, patch)}
        />
        {(property.configProperties?.length ?? 0) > 0 && (
          <PropertyRows
            properties={property.configProperties ?? []}
            path={rowPath}
            parentKey={key}
            onChange={onChange}
          />
        )}
      </Box>
    );
  });
}
