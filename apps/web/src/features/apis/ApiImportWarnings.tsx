import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import type { ImportWarning } from '@sandbox/contracts';

/**
 * What the import of the API's document could not honour (DESIGN §10), kept with the API: collapsed
 * to its count, expanding into every warning with its place in the document. Shown to every role.
 */
export function ApiImportWarnings({ warnings }: { warnings: ImportWarning[] }) {
  if (warnings.length === 0) return null;
  const title = warnings.length === 1 ? '1 import warning' : `${warnings.length} import warnings`;
  return (
    <Accordion disableGutters variant="outlined" sx={{ borderColor: 'warning.light' }}>
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls="import-warnings"
        id="import-warnings-title"
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="import-warnings">
        <Box component="ul" aria-label="Import warnings" sx={{ m: 0, pl: 2 }}>
          {warnings.map(({ pointer, message }) => (
            <Typography component="li" variant="body2" key={pointer} sx={{ overflowWrap: 'anywhere' }}>
              <code>{pointer}</code>: {message}
            </Typography>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
