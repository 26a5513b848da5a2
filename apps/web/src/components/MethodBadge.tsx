import { Box } from '@mui/material';

// Colours follow the convention of Swagger UI and Postman, so the method reads at a glance.
const METHOD_COLOURS: Record<string, string> = {
  GET: '#15803d',
  POST: '#c2410c',
  PUT: '#1d4ed8',
  PATCH: '#7e22ce',
  DELETE: '#b91c1c',
  HEAD: '#0f766e',
  OPTIONS: '#475569',
  TRACE: '#a16207',
};

export function MethodBadge({ method, size = 'small' }: { method: string; size?: 'small' | 'medium' }) {
  const upper = method.toUpperCase();
  return (
    <Box
      component="span"
      data-method={upper}
      sx={{
        display: 'inline-block',
        minWidth: size === 'small' ? 52 : 64,
        px: 0.75,
        py: size === 'small' ? 0.125 : 0.5,
        borderRadius: 1,
        bgcolor: METHOD_COLOURS[upper] ?? 'grey.600',
        color: '#fff',
        fontSize: size === 'small' ? 11 : 13,
        fontWeight: 700,
        lineHeight: 1.6,
        textAlign: 'center',
        letterSpacing: '0.02em',
        flexShrink: 0,
      }}
    >
      {upper}
    </Box>
  );
}
