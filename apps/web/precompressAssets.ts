import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text formats only: images and fonts are compressed already.
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes `file.br` and `file.gz` beside each compressible file of the build, at the highest levels, so
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 * A copy that would not be smaller is not written: the server then sends the file itself.
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: () => precompressDirectory(outDir),
  };
}

/** Writes the `.br` and `.gz` copies of every compressible file under `dir`. */
export async function precompressDirectory(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => compressible.test(file));
  await Promise.all(files.map((file) => writeCompressedCopies(join(dir, file))));
}

async function writeCompressedCopies(path: string): Promise<void> {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
}
