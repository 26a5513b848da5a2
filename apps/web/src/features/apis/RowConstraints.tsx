import TuneIcon from '@mui/icons-material/Tune';
import { Box, Collapse, IconButton } from '@mui/material';
import type { ComponentProps } from 'react';
import { ValueConstraintsPanel } from './ValueConstraintsPanel';

/** The button that opens a parameter or header row's constraints below it. */
export function ConstraintsToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <IconButton
      aria-label="Constraints"
      aria-expanded={open}
      title="Default, format, allowed values, example, lengths, range"
      onClick={onToggle}
    >
      <TuneIcon fontSize="small" />
    </IconButton>
  );
}

/** A parameter or header row's constraints, shown below the row while its toggle is open. */
export function RowConstraints({
  open,
  ...panel
}: { open: boolean } & ComponentProps<typeof ValueConstraintsPanel>) {
  return (
    <Collapse in={open} unmountOnExit>
      <Box sx={{ pt: 1 }}>
        <ValueConstraintsPanel {...panel} />
      </Box>
    </Collapse>
  );
}
