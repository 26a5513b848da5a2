// The body property editor's columns (spec §2 Body): one row per property, every row on this grid,
// so a header names each column once instead of a label squeezed into each field.

export const PROPERTY_COLUMNS = [
  'Key',
  'Type',
  'Min Length',
  'Max Length',
  'Default Value',
  'Auto Generation',
  'Mandatory',
  'Actions',
] as const;

export const PROPERTY_GRID = {
  display: 'grid',
  gridTemplateColumns: 'minmax(180px, 1.6fr) 112px 92px 92px minmax(120px, 1fr) 150px 88px 112px',
  columnGap: 1,
  alignItems: 'center',
  minWidth: 1010,
} as const;

/** The key column stays in view while the others scroll sideways on a narrow screen. */
export const STICKY_KEY = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  alignSelf: 'stretch',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
} as const;
