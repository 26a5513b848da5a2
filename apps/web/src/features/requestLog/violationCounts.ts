// The Requests screen's count of contract violations per operation, over the calls it shows: which
// operations of the backend behind the hosted proxy break the document, and on which side.
import type { LoggedRequest } from '@sandbox/contracts';

export interface OperationViolations {
  /** `GET /pet/{petId}`, or the method and path of a call no operation matched. */
  operation: string;
  exchanges: number;
  request: number;
  response: number;
}

export interface ViolationCounts {
  operations: OperationViolations[];
  /** The span of the forwarded calls counted, oldest first; null when none was forwarded. */
  from: string | null;
  to: string | null;
}

/** Forwarded calls only (a mocked call is checked in its own way); operations with most violations first. */
export function countViolations(calls: LoggedRequest[]): ViolationCounts {
  const byOperation = new Map<string, OperationViolations>();
  let from: string | null = null;
  let to: string | null = null;
  for (const call of calls) {
    if (!call.forwarded) continue;
    if (from === null || call.at < from) from = call.at;
    if (to === null || call.at > to) to = call.at;
    const operation = call.endpoint ?? `${call.method} ${call.path}`;
    let counts = byOperation.get(operation);
    if (!counts) {
      counts = { operation, exchanges: 0, request: 0, response: 0 };
      byOperation.set(operation, counts);
    }
    counts.exchanges += 1;
    for (const violation of call.violations ?? []) counts[violation.direction] += 1;
  }
  const total = (o: OperationViolations) => o.request + o.response;
  const operations = [...byOperation.values()].sort(
    (a, b) => total(b) - total(a) || a.operation.localeCompare(b.operation),
  );
  return { operations, from, to };
}
