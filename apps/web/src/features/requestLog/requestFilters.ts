// What the Requests screen narrows its list to: kept in the page's address (it survives a reload and
// the way back from the Lab), sent to the server as the list's query, and applied to the live feed.
import { type LoggedRequest, VIOLATION_DIRECTIONS, type ViolationDirection } from '@sandbox/contracts';

export interface RequestFilters {
  endpointId?: number;
  method?: string;
  /** A status class (`4xx`) or `0` for dropped connections. */
  status?: string;
  text?: string;
  /** Forwarded exchanges whose request or response broke the document (the hosted proxy). */
  violations?: ViolationDirection;
}

export const STATUS_CLASSES = [
  { value: '2xx', label: '2xx' },
  { value: '3xx', label: '3xx' },
  { value: '4xx', label: '4xx' },
  { value: '5xx', label: '5xx' },
  { value: '0', label: 'Dropped' },
] as const;

/** The Violations filter's choices (the hosted proxy's exchanges). */
export const VIOLATION_FILTERS = [
  { value: 'request', label: 'In requests' },
  { value: 'response', label: 'In responses' },
] as const satisfies readonly { value: ViolationDirection; label: string }[];

const KEYS = ['endpointId', 'method', 'status', 'text', 'violations'] as const;

export function filtersFrom(params: URLSearchParams): RequestFilters {
  const filters: RequestFilters = {};
  const endpointId = Number(params.get('endpointId'));
  if (Number.isInteger(endpointId) && endpointId > 0) filters.endpointId = endpointId;
  const method = params.get('method');
  if (method && /^[A-Za-z]+$/.test(method)) filters.method = method.toUpperCase();
  const status = params.get('status');
  if (status && /^(?:[1-5](?:\d\d|xx)|0)$/i.test(status)) filters.status = status.toLowerCase();
  const text = params.get('text');
  if (text?.trim()) filters.text = text;
  const violations = VIOLATION_DIRECTIONS.find((d) => d === params.get('violations'));
  if (violations) filters.violations = violations;
  return filters;
}

/** The filters as query parameters, for the page's address and for the list call alike. */
export function filtersToSearch(filters: RequestFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

function matchesStatus(status: number, wanted: string): boolean {
  if (wanted === '0') return status === 0;
  if (wanted.endsWith('xx')) return status !== 0 && Math.floor(status / 100) === Number(wanted[0]);
  return status === Number(wanted);
}

/** The server's rule for the list, applied to a call the live feed brings. */
export function matchesFilters(call: LoggedRequest, filters: RequestFilters): boolean {
  if (filters.endpointId !== undefined && call.endpointId !== filters.endpointId) return false;
  if (filters.method !== undefined && call.method.toUpperCase() !== filters.method) return false;
  if (filters.status !== undefined && !matchesStatus(call.status, filters.status)) return false;
  const side = filters.violations;
  if (side !== undefined && !(call.violations ?? []).some((v) => v.direction === side)) return false;
  const text = filters.text?.trim().toLowerCase();
  if (text) {
    const fields = [call.path, call.query, call.requestBody ?? '', call.responseBody ?? ''];
    if (!fields.some((field) => field.toLowerCase().includes(text))) return false;
  }
  return true;
}

/** The calls of the list and of the live feed, newest first, each once. */
export function mergeCalls(live: LoggedRequest[], listed: LoggedRequest[]): LoggedRequest[] {
  const byId = new Map<number, LoggedRequest>();
  for (const call of [...live, ...listed]) if (!byId.has(call.id)) byId.set(call.id, call);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}
