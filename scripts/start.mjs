// `npm start`: builds what is missing or older than its sources (the web app, the server), then runs the
// server as plain JavaScript. SIGINT and SIGTERM are passed on: the server drains, and we exit as it does.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildServer, buildWebApp, serverIsStale, serverMain, webAppIsStale } from './buildProduct.mjs';

if (webAppIsStale()) {
  console.log('Building the web app...');
  buildWebApp();
}
if (serverIsStale()) {
  console.log('Building the server...');
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', serverMain], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  process.exitCode = code ?? 128 + (constants.signals[signal] ?? 0);
});
