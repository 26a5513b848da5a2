import { Stack } from '@mui/material';
import type { BodyProperty } from '@sandbox/contracts';
import { PropertyRow } from './PropertyRow';
import type { PropertyPath } from './propertyTree';

export interface PropertyListProps {
  properties: BodyProperty[];
  path: PropertyPath;
  /** The dotted keys above this level, naming each row for assistive technology. */
  parentKey?: string;
  onChange: (path: PropertyPath, patch: Partial<BodyProperty>) => void;
}

/** The properties of one level; inline objects nest their own list, indented. */
export function PropertyList({ properties, path, parentKey, onChange }: PropertyListProps) {
  return (
    <Stack spacing={1.5} sx={path.length > 0 ? { pl: 3, borderLeft: 2, borderColor: 'divider' } : undefined}>
      {properties.map((property, index) => {
        const rowPath = [...path, index];
        const key = parentKey ? `${parentKey}.${property.jsonKey}` : property.jsonKey;
        return (
          <Stack key={key} spacing={1.5}>
            <PropertyRow property={property} label={key} onChange={(patch) => onChange(rowPath, patch)} />
            {(property.configProperties?.length ?? 0) > 0 && (
              <PropertyList
                properties={property.configProperties ?? []}
                path={rowPath}
                parentKey={key}
                onChange={onChange}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
