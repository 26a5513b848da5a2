import type { LoggedRequest } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { filtersFrom, filtersToSearch, matchesFilters, mergeCalls } from './requestFilters';

const aCall = (overrides: Partial<LoggedRequest>): LoggedRequest =>
  ({
    id: 1,
    method: 'GET',
    path: '/pets',
    query: '',
    requestBody: null,
    responseBody: null,
    status: 200,
    endpointId: 7,
    ...overrides,
  }) as LoggedRequest;

describe('the filters of the Requests screen', () => {
  it('reads back from the address what it wrote there, and ignores what it cannot use', () => {
    const filters = { endpointId: 7, method: 'POST', status: '4xx', text: 'rex' };
    expect(filtersFrom(filtersToSearch(filters))).toEqual(filters);
    expect(filtersFrom(new URLSearchParams('endpointId=x&method=G%20T&status=6xx&text=%20'))).toEqual({});
    expect(filtersToSearch({ status: '0' }).toString()).toBe('status=0');
  });

  it('lets a live call through only when the list would show it', () => {
    const call = aCall({ method: 'POST', status: 404, query: 'q=Fido', endpointId: 7 });
    expect(matchesFilters(call, {})).toBe(true);
    expect(matchesFilters(call, { endpointId: 7, method: 'POST', status: '4xx', text: 'fido' })).toBe(true);
    expect(matchesFilters(call, { status: '404' })).toBe(true);
    expect(matchesFilters(call, { endpointId: 8 })).toBe(false);
    expect(matchesFilters(call, { method: 'GET' })).toBe(false);
    expect(matchesFilters(call, { status: '5xx' })).toBe(false);
    expect(matchesFilters(call, { text: 'rex' })).toBe(false);
    expect(matchesFilters(aCall({ responseBody: '{"name":"Rex"}' }), { text: 'REX' })).toBe(true);
  });

  it('tells a dropped connection from every status class', () => {
    const dropped = aCall({ status: 0 });
    expect(matchesFilters(dropped, { status: '0' })).toBe(true);
    for (const status of ['2xx', '3xx', '4xx', '5xx'])
      expect(matchesFilters(dropped, { status })).toBe(false);
    expect(matchesFilters(aCall({ status: 500 }), { status: '0' })).toBe(false);
  });

  it('lets a live exchange through the violations filter only when that side broke the document', () => {
    const broken = aCall({
      forwarded: true,
      violations: [
        { direction: 'response', location: ['response', 'body'], severity: 'Error', message: 'x' },
      ],
    });
    expect(matchesFilters(broken, { violations: 'response' })).toBe(true);
    expect(matchesFilters(broken, { violations: 'request' })).toBe(false);
    expect(matchesFilters(aCall({}), { violations: 'response' })).toBe(false);
    expect(filtersFrom(filtersToSearch({ violations: 'request' }))).toEqual({ violations: 'request' });
    expect(filtersFrom(new URLSearchParams('violations=both'))).toEqual({});
  });

  it('shows live and listed calls newest first, each once', () => {
    const merged = mergeCalls([aCall({ id: 5 }), aCall({ id: 4 })], [aCall({ id: 4 }), aCall({ id: 3 })]);
    expect(merged.map((c) => c.id)).toEqual([5, 4, 3]);
  });
});
