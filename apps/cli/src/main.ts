import { readMockFlags, readProxyFlags, USAGE, UsageError } from './flags.js';
import { cliLine } from './mock/routeLines.js';
import { runMock } from './mock/runMock.js';
import { runProxy } from './proxy/runProxy.js';

// `api-sandbox <command>`: `mock` and `proxy`, Prism's two.

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === '--help' || command === 'help' || command === undefined) {
    console.log(USAGE);
    process.exitCode = command === undefined ? 1 : 0;
    return;
  }
  if (command !== 'mock' && command !== 'proxy') throw new UsageError(`Unknown command: ${command}`);
  if (rest.includes('--help')) {
    console.log(USAGE);
    return;
  }
  if (command === 'proxy') await runProxy(readProxyFlags(rest));
  else await runMock(readMockFlags(rest));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else {
    console.error(cliLine('fatal', error instanceof Error ? error.message : String(error)));
  }
  process.exit(1);
});
