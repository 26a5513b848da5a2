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

// Every column fits the body editor of a 1440-pixel-wide screen, the Mandatory and Actions ones too:
// their sum with the gaps is PROPERTY_GRID's minWidth, below which the list scrolls sideways.
export const PROPERTY_GRID = {
  display: 'grid',
  gridTemplateColumns: 'minmax(120px, 1.5fr) 104px 64px 64px minmax(80px, 1fr) 148px 68px 92px',
  columnGap: 0.75,
  alignItems: 'center',
  minWidth: 782,
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
