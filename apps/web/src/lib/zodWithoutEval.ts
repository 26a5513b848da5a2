// The server's Content-Security-Policy forbids eval. zod compiles its object parsers with
// `new Function` when it may, and its probe alone makes the browser report a violation: it is told
// not to try. Imported before anything that builds a schema (main.tsx's first import).
import { config } from 'zod';

config({ jitless: true });
