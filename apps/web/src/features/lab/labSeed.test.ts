import { describe, expect, it } from 'vitest';
import { labSeedFrom, labSeedState } from './labSeed';

const seed = {
  apiMasterId: 3,
  endpointId: null,
  method: 'POST',
  url: 'http://127.0.0.1:8080/sandbox/k/pets',
  query: [['a', '1']] as [string, string][],
  headers: [['content-type', 'application/json']] as [string, string][],
  body: '{"name":"Rex"}',
};

describe('a request handed to the Lab', () => {
  it('is read back from the location state it was written to', () => {
    expect(labSeedFrom(labSeedState(seed))).toEqual(seed);
  });

  it('is nothing when the Lab is opened without one, or with a state it does not know', () => {
    expect(labSeedFrom(null)).toBeNull();
    expect(labSeedFrom({ labSeed: { ...seed, query: 'a=1' } })).toBeNull();
  });
});
