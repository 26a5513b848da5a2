// Prism's start-up lines: one per operation, then the address (scripts wait for "is listening on").

const stamp = () => {
  const now = new Date();
  return now.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
};

export function cliLine(
  level: 'info' | 'start' | 'warning' | 'error' | 'fatal' | 'note',
  text: string,
): string {
  const mark = { info: 'ℹ', start: '▶', warning: '⚠', error: '✖', fatal: '✖', note: '…' }[level];
  return `[${stamp()}] › [CLI] ${mark}  ${level.padEnd(9)} ${text}`;
}

/** `GET        http://127.0.0.1:4010/pets/{petId}`: Prism's method column is 10 wide. */
export function routeLine(method: string, address: string, path: string): string {
  return cliLine('info', `${method.toUpperCase().padEnd(10)} ${address}${path}`);
}

export const listeningLine = (address: string) => cliLine('start', `Prism is listening on ${address}`);
