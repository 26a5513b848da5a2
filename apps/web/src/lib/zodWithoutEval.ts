// The server's Content-Security-Policy forbids eval. zod compiles its object parsers with
// `new Function` when it may, and its probe alone makes the browser report a violation: it is told
// not to try. zod reads its configuration from `globalThis.__zod_globalConfig` when it loads (one
// configuration for every copy of zod on the page); setting it here rather than calling zod's
// `config()` keeps zod out of the first load: it comes with the first screen that checks a form.
// Imported before anything that builds a schema (main.tsx's first import); zodWithoutEval.test.ts
// checks that zod still reads it.
import type { core } from 'zod';

const scope = globalThis as { __zod_globalConfig?: core.$ZodConfig };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
