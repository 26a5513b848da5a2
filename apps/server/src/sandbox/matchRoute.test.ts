import { describe, expect, it } from 'vitest';
import { Router } from './matchRoute.js';

describe('the sandbox router', () => {
  const router = new Router<string>();
  router.add('GET', '/pets', 'list');
  router.add('POST', '/pets', 'create');
  router.add('GET', '/pets/{petId}', 'one');
  router.add('GET', '/pets/mine', 'mine');
  router.add('GET', '/pets/{petId}/toys/{toyId}', 'toy');

  it('matches a path template and decodes its parameters', () => {
    expect(router.lookup('GET', '/pets/a%20b')).toEqual({
      kind: 'found',
      match: { handler: 'one', params: { petId: 'a b' } },
    });
    expect(router.lookup('GET', '/pets/7/toys/9')).toMatchObject({
      match: { handler: 'toy', params: { petId: '7', toyId: '9' } },
    });
  });

  it('prefers a static segment over a parameter', () => {
    expect(router.lookup('GET', '/pets/mine')).toMatchObject({ match: { handler: 'mine', params: {} } });
  });

  it('tells a known path with another method from an unknown path', () => {
    expect(router.lookup('DELETE', '/pets')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'POST'],
    });
    expect(router.lookup('GET', '/owners')).toEqual({ kind: 'not-found' });
    expect(router.lookup('GET', '/pets/1/toys')).toEqual({ kind: 'not-found' });
  });

  it('answers HEAD with the GET route and ignores trailing slashes', () => {
    expect(router.lookup('HEAD', '/pets/')).toMatchObject({ match: { handler: 'list' } });
  });
});
