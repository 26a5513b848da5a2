// How a logged call reads on screen: its status, its duration, its bodies.
import type { AnswerSource, LoggedRequest } from '@sandbox/contracts';

export type StatusColour = 'success' | 'info' | 'warning' | 'error' | 'default';

/** 0 is a connection the simulation dropped: there was no status. */
export const statusLabel = (status: number) => (status === 0 ? 'Dropped' : String(status));

export function statusColour(status: number): StatusColour {
  if (status === 0) return 'default';
  if (status < 300) return 'success';
  if (status < 400) return 'info';
  if (status < 500) return 'warning';
  return 'error';
}

export const formatDuration = (ms: number) =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

const SOURCE_LABELS: Record<AnswerSource, string> = {
  record: 'Stored record',
  'test-data': 'Test data',
  example: 'Example',
  generated: 'Generated',
  problem: 'Sandbox error',
  simulated: 'Simulated failure',
  none: 'No body',
  upstream: 'Upstream',
};
export const sourceLabel = (source: AnswerSource) => SOURCE_LABELS[source] ?? source;

/** A JSON body indented; anything else as it came. */
export function prettyBody(body: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(body), null, 2), json: true };
  } catch {
    return { text: body, json: false };
  }
}

/** What the traffic simulation did, in words; null when it did nothing. */
export function simulationSummary(simulated: LoggedRequest['simulated']): string | null {
  if (!simulated) return null;
  const parts: string[] = [];
  if (simulated.delayMs > 0) parts.push(`delayed ${formatDuration(simulated.delayMs)}`);
  if (simulated.failed) parts.push('failed on purpose');
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return text[0].toUpperCase() + text.slice(1);
}

/** `1 violation`, `3 violations`: what of a forwarded exchange broke the document. */
export const violationCount = (count: number) => (count === 1 ? '1 violation' : `${count} violations`);
