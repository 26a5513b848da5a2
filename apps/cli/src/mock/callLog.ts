import { appendFileSync } from 'node:fs';
import type { AnsweredCall } from './answerHttp.js';

// Each answered call, as a line on standard output (text or JSON) and as a JSON line in --log-file.

export interface CallLogOptions {
  format: 'text' | 'json';
  file?: string;
  /** Prism's --verboseLevel: `info` and below print every call, `warn` those that broke the document. */
  level: string;
  /** Each violation on a line of its own under its call's (as Prism's proxy logs them). */
  violationLines?: boolean;
}

const EVERY_CALL = new Set(['trace', 'debug', 'info']);

/** A call as a JSON line: what CI keeps, one object per call. */
export function callRecord(call: AnsweredCall) {
  return {
    time: call.at.toISOString(),
    method: call.method,
    url: call.url,
    status: call.status,
    durationMs: Math.round(call.durationMs * 10) / 10,
    violations: call.violations,
    ...(call.forwarded && { forwarded: call.forwarded }),
  };
}

function textLine(call: AnsweredCall): string {
  const errors = call.violations.filter((v) => v.severity === 'Error').length;
  const flagged = errors > 0 ? `  ${errors} violation${errors === 1 ? '' : 's'}` : '';
  return `[HTTP SERVER] ${call.method} ${call.url} → ${call.status} (${call.durationMs.toFixed(1)} ms)${flagged}`;
}

/** Prism's `Violation: response.body Response body must …` lines, and (debug, trace) what was forwarded. */
function detailLines(call: AnsweredCall, level: string): string[] {
  const lines = call.violations.map((v) => `    Violation: ${v.location.join('.')} ${v.message}`);
  if (call.forwarded && (level === 'debug' || level === 'trace'))
    lines.unshift(`    > Forwarded to ${call.forwarded.url} ${JSON.stringify(call.forwarded.headers)}`);
  return lines;
}

export function createCallLog({
  format,
  file,
  level,
  violationLines = false,
}: CallLogOptions): (call: AnsweredCall) => void {
  return (call) => {
    const shown = EVERY_CALL.has(level) || (level === 'warn' && call.violations.length > 0);
    if (shown && format === 'json') console.log(JSON.stringify(callRecord(call)));
    else if (shown)
      console.log([textLine(call), ...(violationLines ? detailLines(call, level) : [])].join('\n'));
    if (file) appendFileSync(file, `${JSON.stringify(callRecord(call))}\n`);
  };
}
