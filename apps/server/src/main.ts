import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const { server } = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.log.info({ signal }, 'shutting down');
    server.close().then(() => process.exit(0));
  });
}

await server.listen({ port: config.port, host: config.host });
server.log.info(`API Sandbox is running at ${config.publicUrl}`);
