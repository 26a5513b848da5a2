import type { LoggedRequest, RequestLogGap } from '@sandbox/contracts';

/** A row of the Requests list: a call, or the calls the log left out there. */
export type LogRow = { call: LoggedRequest } | { gap: RequestLogGap };

/**
 * The calls, newest first, each gap above the first call older than it (calls of its own moment stay
 * above: the log keeps the newest). A gap older than every call listed waits until the list holds
 * the log's last page (`complete`); gaps that came with several pages are shown once.
 */
export function withGaps(calls: LoggedRequest[], gaps: RequestLogGap[], complete: boolean): LogRow[] {
  const waiting = [...new Map(gaps.map((gap) => [gap.id, gap])).values()].sort(
    (a, b) => b.at.localeCompare(a.at) || b.id - a.id,
  );
  const rows: LogRow[] = [];
  let next = 0;
  for (const call of calls) {
    while (next < waiting.length && waiting[next].at > call.at) rows.push({ gap: waiting[next++] });
    rows.push({ call });
  }
  if (complete) for (const gap of waiting.slice(next)) rows.push({ gap });
  return rows;
}
