#!/usr/bin/env node
// The `api-sandbox` program. It runs the bundle (dist/main.cjs, plain JavaScript: the fastest start);
// in the repository, a bundle older than its sources is rebuilt first, as `npm start` does for the
// server, and the TypeScript sources run through tsx when no bundle can be built.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, Script } from 'node:vm';

const bundle = fileURLToPath(new URL('../dist/main.cjs', import.meta.url));
const builder = new URL('../../../scripts/buildProduct.mjs', import.meta.url);

/** Bytes of the bundle's digest at the head of the cache file: a cache of another bundle is not used. */
const DIGEST_BYTES = 32;

/**
 * Runs the bundle with V8's compiled code of it kept beside it (`main.cjs.cache`): compiling the
 * 1.2 MB bundle was a third of a start's CPU. Node 22's `module.enableCompileCache` does this built
 * in; Node 20, which the product supports, has only `vm.Script`'s cached data. V8 checks that data
 * against the source's length alone, so the cache starts with the bundle's digest, and a cache of
 * another bundle is written anew. Where `dist` cannot be written, the program runs without one.
 */
function runBundle() {
  const source = readFileSync(bundle);
  const digest = createHash('sha256').update(source).digest();
  const cacheFile = `${bundle}.cache`;
  let cached;
  try {
    const file = readFileSync(cacheFile);
    if (file.subarray(0, DIGEST_BYTES).equals(digest)) cached = file.subarray(DIGEST_BYTES);
  } catch {
    // no cache yet: this start writes it
  }
  const script = new Script(Module.wrap(source.toString('utf8')), {
    filename: bundle,
    cachedData: cached,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = new Module(bundle);
  module.filename = bundle;
  const require = Module.createRequire(bundle);
  script.runInThisContext()(module.exports, require, module, bundle, dirname(bundle));
  // after the bundle's first turn: the code it compiled to start is kept too
  if (cached === undefined || script.cachedDataRejected) writeCache(script, digest, cacheFile);
}

function writeCache(script, digest, cacheFile) {
  const partial = `${cacheFile}.${process.pid}`;
  try {
    writeFileSync(partial, Buffer.concat([digest, script.createCachedData()]));
    renameSync(partial, cacheFile);
  } catch {
    // a read-only install: every start compiles the bundle
  }
}

let bundled = existsSync(bundle);
if (existsSync(builder)) {
  const { buildCli, cliIsStale } = await import(builder.href);
  if (cliIsStale()) {
    try {
      await buildCli();
      bundled = true;
    } catch (error) {
      console.error(`[CLI] could not rebuild the bundle (${error.message}); running the sources`);
      bundled = false;
    }
  }
}

if (bundled) {
  runBundle();
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/main.ts', import.meta.url).href);
}
