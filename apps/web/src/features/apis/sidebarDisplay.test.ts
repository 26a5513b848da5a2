import type { EndpointSummary } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { groupByTag, shorten } from './sidebarDisplay';

const endpoint = (id: number, apiTag: string): EndpointSummary => ({
  id,
  apiTag,
  methodType: 'GET',
  apiEndPoint: `/e${id}`,
  publicEndPoint: null,
  summary: null,
});

describe('sidebar display', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(shorten('/pets', 25)).toBe('/pets');
    expect(shorten('x'.repeat(25), 25)).toBe('x'.repeat(25));
    expect(shorten('http://127.0.0.1:8080/sandbox/abc', 20)).toBe('http://127.0.0.1:808...');
  });

  it('groups endpoints by tag in the order they come', () => {
    const groups = groupByTag([endpoint(1, '[b]'), endpoint(2, '[a]'), endpoint(3, '[b]')]);
    expect(groups.map(([tag, list]) => [tag, list.map((e) => e.id)])).toEqual([
      ['[b]', [1, 3]],
      ['[a]', [2]],
    ]);
  });
});
