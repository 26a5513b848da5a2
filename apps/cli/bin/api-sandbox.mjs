#!/usr/bin/env node
// The `api-sandbox` program. It runs the bundle (dist/main.js, plain JavaScript: the fastest start);
// in the repository, a bundle older than its sources is rebuilt first, as `npm start` does for the
// server, and the TypeScript sources run through tsx when no bundle can be built.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/main.js', import.meta.url);
const builder = new URL('../../../scripts/buildProduct.mjs', import.meta.url);

let runBundle = existsSync(bundle);
if (existsSync(builder)) {
  const { buildCli, cliIsStale } = await import(builder.href);
  if (cliIsStale()) {
    try {
      await buildCli();
      runBundle = true;
    } catch (error) {
      console.error(`[CLI] could not rebuild the bundle (${error.message}); running the sources`);
      runBundle = false;
    }
  }
}

if (runBundle) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/main.ts', import.meta.url).href);
}
