import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompressAssets';

describe('precompressing the build', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'web-build-'));
    mkdirSync(join(dist, 'assets'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy beside each script, style sheet and page', async () => {
    const script = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen ${i}`))};`;
    const style = `${'.card { padding: 8px; margin: 0 auto; }\n'.repeat(50)}`;
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), script);
    writeFileSync(join(dist, 'assets', 'app-4d5e6f.css'), style);
    writeFileSync(join(dist, 'index.html'), `<!doctype html>${'<div></div>'.repeat(50)}`);

    await precompressDirectory(dist);

    const path = join(dist, 'assets', 'app-1a2b3c.js');
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${path}.br`).length).toBeLessThan(script.length / 4);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'app-4d5e6f.css.gz'))).toString()).toBe(style);
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
  });

  it('leaves images alone, and a file too small to shrink', async () => {
    writeFileSync(join(dist, 'assets', 'logo-1a2b3c.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dist, 'assets', 'empty-4d5e6f.js'), 'export{}');

    await precompressDirectory(dist);

    for (const file of ['logo-1a2b3c.png', 'empty-4d5e6f.js'])
      for (const copy of ['br', 'gz'])
        expect(existsSync(join(dist, 'assets', `${file}.${copy}`))).toBe(false);
  });
});
