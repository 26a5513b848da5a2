import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const indexHtml =
  '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script>';
const appScript = `console.log(${JSON.stringify('the app '.repeat(50))});`;

/** A built web app as the web build leaves it: each file with its `.br` and `.gz` copies beside it. */
function writeWebDist(dir: string) {
  mkdirSync(join(dir, 'assets'));
  const writeWithCopies = (path: string, content: string) => {
    writeFileSync(path, content);
    writeFileSync(`${path}.br`, brotliCompressSync(content));
    writeFileSync(`${path}.gz`, gzipSync(content));
  };
  writeWithCopies(join(dir, 'index.html'), indexHtml);
  writeWithCopies(join(dir, 'assets', 'app-1a2b3c.js'), appScript);
  // Too small to be worth compressing: no copies.
  writeFileSync(join(dir, 'assets', 'tiny-4d5e6f.js'), 'export{};');
}

describe('serving the web app', () => {
  let app: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeWebDist(webDist);
    app = await startTestApp('sqlite', { WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.server.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a script brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(appScript);
  });

  it('sends it gzipped to a client that accepts only gzip', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(appScript);
  });

  it('sends it as it is to a client that accepts no compression', async () => {
    const res = await get('/assets/app-1a2b3c.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(appScript);
  });

  it('sends a file the build did not compress as it is, even to a browser that accepts brotli', async () => {
    const res = await get('/assets/tiny-4d5e6f.js', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('export{};');
  });

  it('has the browser check index.html on every visit, compressed too', async () => {
    const res = await get('/', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
  });

  it('answers a client route with index.html, never cached without a check', async () => {
    const res = await get('/request/1/2', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(res.rawPayload).toString()).toBe(indexHtml);
  });

  it('answers a script of an earlier build with 404, not with the page', async () => {
    const res = await get('/assets/app-0ld0ld.js', 'gzip, br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });
});
