import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp(config);
const { server } = app;

// One drain however many signals come: a terminal's Ctrl+C reaches every process of its group, and
// `npm start` passes it on too. The drain itself ends by its deadline.
let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    server.log.info({ signal, deadlineMs: config.shutdownDeadlineMs }, 'shutting down');
    const outcome = await app.shutdown();
    server.log.info({ outcome }, 'shut down');
    process.exit(outcome === 'drained' ? 0 : 1);
  });
}

await server.listen({ port: config.port, host: config.host });
server.log.info(`API Sandbox is running at ${config.publicUrl}`);
