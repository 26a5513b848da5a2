import { Box, Typography } from '@mui/material';
import type { ImportWarning } from '@sandbox/contracts';

/** The toast shows this many; the rest are counted. */
const SHOWN = 5;

/** What the import left out of the document (DESIGN §10), each named by where it is. */
export function ImportWarningsNotice({ warnings }: { warnings: ImportWarning[] }) {
  const hidden = warnings.length - SHOWN;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Imported with {warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {warnings.slice(0, SHOWN).map(({ pointer, message }) => (
          <Typography component="li" variant="body2" key={pointer} sx={{ overflowWrap: 'anywhere' }}>
            <code>{pointer}</code>: {message}
          </Typography>
        ))}
      </Box>
      {hidden > 0 && <Typography variant="body2">…and {hidden} more</Typography>}
    </Box>
  );
}
