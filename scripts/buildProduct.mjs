// The product's two builds, shared by `npm run build` (both, always) and `npm start` (what is stale):
// the web app by Vite into apps/web/dist, the server by esbuild into apps/server/dist, run by plain node.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const server = join(root, 'apps/server');
const contracts = join(root, 'packages/contracts/src');
const engine = join(root, 'packages/engine/src');
const cli = join(root, 'apps/cli');

export const serverDist = join(server, 'dist');
export const serverMain = join(serverDist, 'main.js');
const webIndex = join(web, 'dist/index.html');

/**
 * The server as plain JavaScript: our own code and the contracts in one module, every package from
 * node_modules imported as it is (native addons and packages reading their own files stay whole).
 * `outdir` must sit one folder below apps/server, as dist does: the bundle finds the web app at
 * ../../web/dist and starts its import worker from importWorker.js beside itself.
 */
export async function buildServer(outdir = serverDist) {
  // loaded here and stopped after: esbuild's service process must not live on beside the server
  const esbuild = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: server,
      // the import worker is a thread of its own, so an entry of its own (see importInWorker.ts)
      entryPoints: { main: 'src/main.ts', importWorker: 'src/import/importWorker.ts' },
      outdir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [packagesStayExternal],
    });
  } finally {
    await esbuild.stop();
  }
}

export const cliMain = join(cli, 'dist/main.cjs');

/**
 * The command-line program as one module run by plain node, its packages bundled in too: CI waits on
 * its start, and resolving and loading a hundred modules from node_modules doubles it. Written
 * beside the bundle, then renamed over it: programs started at once may each find the bundle stale,
 * and none must run a half-written one.
 */
export async function buildCli() {
  const esbuild = await import('esbuild');
  const partial = join(cli, 'dist', `main.${process.pid}.cjs`);
  mkdirSync(join(cli, 'dist'), { recursive: true });
  try {
    await esbuild.build({
      absWorkingDir: cli,
      entryPoints: ['src/main.ts'],
      outfile: partial,
      bundle: true,
      platform: 'node',
      // CommonJS, so that the launcher can hand V8 the bundle's compiled code (bin/api-sandbox.mjs)
      format: 'cjs',
      target: 'node20.19',
      logLevel: 'warning',
      // half the text to compile at a start without that cache
      minify: true,
    });
    renameSync(partial, cliMain);
  } finally {
    rmSync(partial, { force: true });
    await esbuild.stop();
  }
}

/** Whether the command-line program's bundle is missing or older than a file it is built from. */
export function cliIsStale() {
  return isStale(cliMain, [join(cli, 'src'), contracts, engine, new URL(import.meta.url).pathname]);
}

/** Bare imports stay imports, except our workspace packages, which ship as TypeScript sources. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@sandbox/') ? undefined : { path, external: true },
    );
  },
};

/** `npm run build -w apps/web`: Vite's production build of the web app. */
export function buildWebApp() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the web app's build failed (exit code ${result.status})`);
}

/** Whether the server's bundle is missing or older than a file it is built from. */
export function serverIsStale() {
  return isStale(serverMain, [
    join(server, 'src'),
    contracts,
    engine,
    join(server, 'package.json'),
    new URL(import.meta.url).pathname,
  ]);
}

/** Whether the web app's build is missing or older than a file it is built from. */
export function webAppIsStale() {
  return isStale(webIndex, [
    join(web, 'src'),
    join(web, 'index.html'),
    join(web, 'vite.config.ts'),
    contracts,
  ]);
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestChange(source) > built);
}

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}
