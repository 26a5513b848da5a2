import { Box, Button, MenuItem, TextField } from '@mui/material';
import { type EndpointSummary, OPERATION_METHODS } from '@sandbox/contracts';
import { useEffect, useState } from 'react';
import { MethodBadge } from '../../components/MethodBadge';
import { type RequestFilters, STATUS_CLASSES, VIOLATION_FILTERS } from './requestFilters';

/** Typing waits this long before the list is asked again. */
const TEXT_SETTLE_MS = 300;

export interface RequestFiltersBarProps {
  filters: RequestFilters;
  endpoints: EndpointSummary[];
  onChange: (filters: RequestFilters) => void;
}

const ANY = '';

export function RequestFiltersBar({ filters, endpoints, onChange }: RequestFiltersBarProps) {
  const [text, setText] = useState(filters.text ?? '');
  const [shownText, setShownText] = useState(filters.text);
  // The filter changed from elsewhere (Reset, the way back): the field shows it.
  if (filters.text !== shownText) {
    setShownText(filters.text);
    setText(filters.text ?? '');
  }
  useEffect(() => {
    if ((filters.text ?? '') === text) return;
    const timer = setTimeout(() => onChange({ ...filters, text: text || undefined }), TEXT_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  const set = (patch: Partial<RequestFilters>) => onChange({ ...filters, ...patch });
  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <Box role="search" aria-label="Filter requests" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <TextField
        select
        label="Endpoint"
        size="small"
        value={filters.endpointId ?? ANY}
        onChange={(e) => set({ endpointId: e.target.value === ANY ? undefined : Number(e.target.value) })}
        sx={{ minWidth: 240 }}
      >
        <MenuItem value={ANY}>All endpoints</MenuItem>
        {endpoints.map((endpoint) => (
          <MenuItem key={endpoint.id} value={endpoint.id}>
            <MethodBadge method={endpoint.methodType} />
            <Box component="span" sx={{ ml: 1, fontFamily: 'monospace' }}>
              {endpoint.apiEndPoint}
            </Box>
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Method"
        size="small"
        value={filters.method ?? ANY}
        onChange={(e) => set({ method: e.target.value || undefined })}
        sx={{ minWidth: 130 }}
      >
        <MenuItem value={ANY}>All methods</MenuItem>
        {OPERATION_METHODS.map((method) => (
          <MenuItem key={method} value={method}>
            {method}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Status"
        size="small"
        value={filters.status ?? ANY}
        onChange={(e) => set({ status: e.target.value || undefined })}
        sx={{ minWidth: 130 }}
      >
        <MenuItem value={ANY}>All statuses</MenuItem>
        {STATUS_CLASSES.map(({ value, label }) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Violations"
        size="small"
        value={filters.violations ?? ANY}
        onChange={(e) =>
          set({ violations: VIOLATION_FILTERS.find((f) => f.value === e.target.value)?.value })
        }
        sx={{ minWidth: 170 }}
      >
        <MenuItem value={ANY}>Any or none</MenuItem>
        {VIOLATION_FILTERS.map(({ value, label }) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Search"
        size="small"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Path, query or body"
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ flex: 1, minWidth: 200 }}
      />
      {filtered && (
        <Button onClick={() => onChange({})} sx={{ alignSelf: 'center' }}>
          Reset filters
        </Button>
      )}
    </Box>
  );
}
