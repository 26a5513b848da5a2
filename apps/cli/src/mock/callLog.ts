import { appendFileSync } from 'node:fs';
import type { AnsweredCall } from './answerHttp.js';

// Each answered call, as a line on standard output (text or JSON) and as a JSON line in --log-file.
// The lines of one turn of the event loop go out in one write: under load, a console.log per call
// (formatting, a colour check and a system call each) cost an eighth of the program's CPU.

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

/** Records a call; `flush` writes the calls not yet written (before the lines that close the run). */
export interface CallLog {
  (call: AnsweredCall): void;
  flush(): void;
}

export function createCallLog({ format, file, level, violationLines = false }: CallLogOptions): CallLog {
  let shownLines: string[] = [];
  let fileLines: string[] = [];
  let flushing: NodeJS.Immediate | undefined;
  const flush = () => {
    flushing = undefined;
    // standard output is written synchronously on Linux, so what is written here is out before exit
    if (shownLines.length > 0) process.stdout.write(`${shownLines.join('\n')}\n`);
    if (file && fileLines.length > 0) appendFileSync(file, `${fileLines.join('\n')}\n`);
    shownLines = [];
    fileLines = [];
  };
  // a program stopped by an error exits at once: the calls of its last turn are written too
  process.on('exit', flush);
  const record = (call: AnsweredCall) => {
    const shown = EVERY_CALL.has(level) || (level === 'warn' && call.violations.length > 0);
    if (shown && format === 'json') shownLines.push(JSON.stringify(callRecord(call)));
    else if (shown) shownLines.push(textLine(call), ...(violationLines ? detailLines(call, level) : []));
    if (file) fileLines.push(JSON.stringify(callRecord(call)));
    flushing ??= setImmediate(flush);
  };
  return Object.assign(record, {
    flush() {
      if (flushing) clearImmediate(flushing);
      flush();
    },
  });
}
