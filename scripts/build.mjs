// `npm run build`: the web app (Vite) and the server (esbuild), whether or not they look stale.
import { buildServer, buildWebApp } from './buildProduct.mjs';

buildWebApp();
const started = Date.now();
await buildServer();
console.log(`Built the server into apps/server/dist in ${Date.now() - started} ms`);
