// `npm run build`: the web app (Vite), the server and the command-line program (esbuild), whether or not they look stale.
import { buildCli, buildServer, buildWebApp } from './buildProduct.mjs';

buildWebApp();
const started = Date.now();
await buildServer();
console.log(`Built the server into apps/server/dist in ${Date.now() - started} ms`);
const cliStarted = Date.now();
await buildCli();
console.log(`Built the command-line program into apps/cli/dist in ${Date.now() - cliStarted} ms`);
