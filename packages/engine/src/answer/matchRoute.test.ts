import { describe, expect, it } from 'vitest';
import { type AcceptsPath, MAX_PARAM_LENGTH, Router } from './matchRoute.js';

function routerOf(routes: [string, string][], accepts?: AcceptsPath<string>): Router<string> {
  const router = new Router<string>(accepts);
  for (const [method, template] of routes) router.add(method, template, `${method} ${template}`);
  return router;
}

const found = (handler: string, params: Record<string, string> = {}) => ({
  kind: 'found',
  match: { handler, params },
});

describe('the sandbox router', () => {
  const router = routerOf([
    ['GET', '/pets'],
    ['POST', '/pets'],
    ['GET', '/pets/{petId}'],
    ['GET', '/pets/mine'],
    ['GET', '/pets/{petId}/toys/{toyId}'],
    ['GET', '/a/b/c'],
    ['GET', '/a/{x}/d'],
  ]);

  it('matches a path template and decodes its parameters', () => {
    expect(router.lookup('GET', '/pets/a%20b')).toEqual(found('GET /pets/{petId}', { petId: 'a b' }));
    expect(router.lookup('GET', '/pets/7/toys/9')).toEqual(
      found('GET /pets/{petId}/toys/{toyId}', { petId: '7', toyId: '9' }),
    );
  });

  it('prefers a static segment over a parameter, and backtracks when the static branch leads nowhere', () => {
    expect(router.lookup('GET', '/pets/mine')).toEqual(found('GET /pets/mine'));
    expect(router.lookup('GET', '/a/b/d')).toEqual(found('GET /a/{x}/d', { x: 'b' }));
  });

  it('tells a known path with another method from an unknown path', () => {
    expect(router.lookup('DELETE', '/pets')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'HEAD', 'POST'],
    });
    expect(router.lookup('GET', '/owners')).toEqual({ kind: 'not-found' });
    expect(router.lookup('GET', '/pets/1/toys')).toEqual({ kind: 'not-found' });
  });

  it('answers HEAD with the GET route unless HEAD is declared', () => {
    expect(router.lookup('HEAD', '/pets')).toEqual(found('GET /pets'));
    const declared = routerOf([
      ['GET', '/ping'],
      ['HEAD', '/ping'],
    ]);
    expect(declared.lookup('HEAD', '/ping')).toEqual(found('HEAD /ping'));
  });

  it('takes a trailing slash the document does not write, and never fills a parameter with nothing', () => {
    expect(router.lookup('GET', '/pets/')).toEqual(found('GET /pets'));
    expect(router.lookup('GET', '/pets//toys/9')).toEqual({ kind: 'not-found' });
    const both = routerOf([
      ['GET', '/both'],
      ['GET', '/both/'],
      ['GET', '/only/'],
    ]);
    expect(both.lookup('GET', '/both')).toEqual(found('GET /both'));
    expect(both.lookup('GET', '/both/')).toEqual(found('GET /both/'));
    expect(both.lookup('GET', '/only')).toEqual(found('GET /only/'));
  });

  it("fills a parameter with an empty segment only when asked to, as Prism's router does", () => {
    const prism = new Router<string>(undefined, true);
    for (const [method, template] of [
      ['GET', '/pets'],
      ['GET', '/pets/{petId}/toys/{toyId}'],
      ['GET', '/files/{name}.{ext}'],
    ])
      prism.add(method, template, `${method} ${template}`);
    expect(prism.lookup('GET', '/pets//toys/9')).toEqual(
      found('GET /pets/{petId}/toys/{toyId}', { petId: '', toyId: '9' }),
    );
    expect(prism.lookup('GET', '/pets/7/toys/')).toEqual(
      found('GET /pets/{petId}/toys/{toyId}', { petId: '7', toyId: '' }),
    );
    expect(prism.lookup('GET', '/files/.txt')).toEqual({ kind: 'not-found' });
    expect(prism.lookup('GET', '/pets/')).toEqual(found('GET /pets'));
    expect(prism.lookup('POST', '/pets//toys/9')).toEqual({ kind: 'not-found' });
  });

  it('reads parameters inside a segment, several to a segment', () => {
    const files = routerOf([
      ['GET', '/files/{name}.{ext}'],
      ['GET', '/files/{name}.json'],
      ['GET', '/files/report.pdf'],
      ['GET', '/files/{fileId}'],
      ['GET', '/test:{rpc}'],
      ['GET', '/pet/a:{b}'],
      ['GET', '/v1/{name}:cancel'],
      ['GET', '/r/{year}-{month}-{day}'],
      ['GET', '/s/{from}--{to}'],
    ]);
    expect(files.lookup('GET', '/files/a.tar.gz')).toEqual(
      found('GET /files/{name}.{ext}', { name: 'a', ext: 'tar.gz' }),
    );
    expect(files.lookup('GET', '/files/a.json')).toEqual(found('GET /files/{name}.json', { name: 'a' }));
    expect(files.lookup('GET', '/files/report.pdf')).toEqual(found('GET /files/report.pdf'));
    expect(files.lookup('GET', '/files/report')).toEqual(found('GET /files/{fileId}', { fileId: 'report' }));
    expect(files.lookup('GET', '/test:ping')).toEqual(found('GET /test:{rpc}', { rpc: 'ping' }));
    expect(files.lookup('GET', '/xtest:ping')).toEqual({ kind: 'not-found' });
    expect(files.lookup('GET', '/pet/a:1')).toEqual(found('GET /pet/a:{b}', { b: '1' }));
    expect(files.lookup('GET', '/v1/jobs%2F7:cancel')).toEqual(
      found('GET /v1/{name}:cancel', { name: 'jobs/7' }),
    );
    expect(files.lookup('GET', '/r/2024-01-31')).toEqual(
      found('GET /r/{year}-{month}-{day}', { year: '2024', month: '01', day: '31' }),
    );
    expect(files.lookup('GET', '/s/a-b--c--d')).toEqual(
      found('GET /s/{from}--{to}', { from: 'a-b', to: 'c--d' }),
    );
  });

  it('gives each operation its own parameter names at a shared position', () => {
    const users = routerOf([
      ['GET', '/users/{id}/orders'],
      ['GET', '/users/{userId}'],
      ['DELETE', '/users/{key}'],
    ]);
    expect(users.lookup('GET', '/users/7/orders')).toEqual(found('GET /users/{id}/orders', { id: '7' }));
    expect(users.lookup('GET', '/users/7')).toEqual(found('GET /users/{userId}', { userId: '7' }));
    expect(users.lookup('DELETE', '/users/7')).toEqual(found('DELETE /users/{key}', { key: '7' }));
  });

  it('matches literals however they are percent-encoded, in the document or in the request', () => {
    const encoded = routerOf([
      ['GET', '/caf%C3%A9'],
      ['GET', '/crème brûlée'],
      ['GET', '/100%25'],
      ['GET', '/a:b'],
    ]);
    expect(encoded.lookup('GET', '/caf%C3%A9')).toEqual(found('GET /caf%C3%A9'));
    expect(encoded.lookup('GET', '/caf%c3%a9')).toEqual(found('GET /caf%C3%A9'));
    expect(encoded.lookup('GET', '/cr%C3%A8me%20br%C3%BBl%C3%A9e')).toEqual(found('GET /crème brûlée'));
    expect(encoded.lookup('GET', '/100%25')).toEqual(found('GET /100%25'));
    expect(encoded.lookup('GET', '/a%3Ab')).toEqual(found('GET /a:b'));
  });

  it('decodes parameter values once, an encoded slash included', () => {
    expect(router.lookup('GET', '/pets/x%2Fy')).toEqual(found('GET /pets/{petId}', { petId: 'x/y' }));
    expect(router.lookup('GET', '/pets/100%2525')).toEqual(found('GET /pets/{petId}', { petId: '100%25' }));
    expect(router.lookup('GET', '/pets/%E9')).toEqual(found('GET /pets/{petId}', { petId: '%E9' }));
  });

  it('routes a template the tree cannot hold by regex rather than refusing the API', () => {
    const odd = routerOf([
      ['GET', '/stars/*'],
      ['GET', '/a%2Fb/{x}'],
      ['GET', '/stars/*/{name}.{ext}'],
      ['GET', '/pets'],
    ]);
    expect(odd.lookup('GET', '/stars/*')).toEqual(found('GET /stars/*'));
    expect(odd.lookup('GET', '/stars/anything')).toEqual({ kind: 'not-found' });
    expect(odd.lookup('GET', '/a%2Fb/7')).toEqual(found('GET /a%2Fb/{x}', { x: '7' }));
    expect(odd.lookup('GET', '/stars/*/a.tar.gz')).toEqual(
      found('GET /stars/*/{name}.{ext}', { name: 'a', ext: 'tar.gz' }),
    );
    expect(odd.lookup('GET', '/pets')).toEqual(found('GET /pets'));
  });

  it('keeps the first of two operations at the same method and place', () => {
    const twice = routerOf([
      ['GET', '/users/{id}'],
      ['GET', '/users/{userId}'],
    ]);
    expect(twice.lookup('GET', '/users/7')).toEqual(found('GET /users/{id}', { id: '7' }));
  });

  it('sends a request to the first operation of one shape whose path parameters take its values', () => {
    const digitsOnly = new Set(['GET /journals/{number}', 'GET /odd*/{number}', 'GET /only/{number}']);
    const asked: string[] = [];
    const shapes = routerOf(
      [
        ['GET', '/journals/{number}'],
        ['GET', '/journals/{id}'],
        ['GET', '/odd*/{number}'],
        ['GET', '/odd*/{name}'],
        ['GET', '/only/{number}'],
      ],
      (handler, params) => {
        asked.push(handler);
        return !digitsOnly.has(handler) || Object.values(params).every((value) => /^\d+$/.test(value));
      },
    );
    expect(shapes.lookup('GET', '/journals/7')).toEqual(found('GET /journals/{number}', { number: '7' }));
    expect(shapes.lookup('GET', '/journals/x')).toEqual(found('GET /journals/{id}', { id: 'x' }));
    expect(shapes.lookup('HEAD', '/journals/x')).toEqual(found('GET /journals/{id}', { id: 'x' }));
    // templates the tree cannot hold share a place the same way
    expect(shapes.lookup('GET', '/odd*/7')).toEqual(found('GET /odd*/{number}', { number: '7' }));
    expect(shapes.lookup('GET', '/odd*/x')).toEqual(found('GET /odd*/{name}', { name: 'x' }));
    asked.length = 0;
    // alone at its place, an operation is never asked: it answers, and refuses the value itself
    expect(shapes.lookup('GET', '/only/x')).toEqual(found('GET /only/{number}', { number: 'x' }));
    expect(asked).toEqual([]);
  });

  it('gives a value no operation of the shape takes to the first, which refuses it', () => {
    const refusing = new Router<string>(() => false);
    refusing.add('GET', '/journals/{id}', 'first');
    refusing.add('GET', '/journals/{number}', 'second');
    expect(refusing.lookup('GET', '/journals/x')).toEqual(found('first', { id: 'x' }));
  });

  it('routes a template by its path alone, without the fragment the document writes', () => {
    const fragments = routerOf([
      ['GET', '/v1/connectors/{idOrName}#idOrName'],
      ['POST', '/voice/{id}#operation=associate'],
      ['POST', '/voice/{id}#operation=disassociate'],
      ['GET', '/odd/{a#b}'],
      ['GET', 'relative#x'],
    ]);
    expect(fragments.lookup('GET', '/v1/connectors/abc')).toEqual(
      found('GET /v1/connectors/{idOrName}#idOrName', { idOrName: 'abc' }),
    );
    // a fragment that was sent encoded is part of the value
    expect(fragments.lookup('GET', '/v1/connectors/abc%23idOrName')).toEqual(
      found('GET /v1/connectors/{idOrName}#idOrName', { idOrName: 'abc#idOrName' }),
    );
    // templates that differ by fragment alone share a place: the first answers
    expect(fragments.lookup('POST', '/voice/7')).toEqual(
      found('POST /voice/{id}#operation=associate', { id: '7' }),
    );
    expect(fragments.lookup('GET', '/odd/7')).toEqual(found('GET /odd/{a#b}', { 'a#b': '7' }));
    expect(fragments.lookup('GET', '/relative')).toEqual(found('GET relative#x'));
  });

  it(`takes parameter values up to ${MAX_PARAM_LENGTH} characters`, () => {
    const long = 'x'.repeat(MAX_PARAM_LENGTH);
    expect(router.lookup('GET', `/pets/${long}`)).toEqual(found('GET /pets/{petId}', { petId: long }));
    expect(router.lookup('GET', `/pets/${long}x`)).toEqual({ kind: 'not-found' });
  });

  it('stays quick on hostile segments against mid-segment templates', () => {
    const files = routerOf([
      ['GET', '/f/{a}-{b}.{c}.json'],
      ['GET', '/g/{a}--{b}--{c}.json'],
      ['GET', '/*/{a}--{b}--{c}.json'],
    ]);
    // a matcher that backtracks over 3,000 characters would not finish within the test's time
    for (const segment of ['-'.repeat(3000), 'a-.'.repeat(1000), '-.'.repeat(1500)]) {
      expect(files.lookup('GET', `/f/${segment}.jso`)).toEqual({ kind: 'not-found' });
      expect(files.lookup('GET', `/g/${segment}.jso`)).toEqual({ kind: 'not-found' });
      expect(files.lookup('GET', `/*/${segment}.jso`)).toEqual({ kind: 'not-found' });
    }
  });
});
