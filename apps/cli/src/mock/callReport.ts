import { writeFileSync } from 'node:fs';
import type { AnsweredCall } from './answerHttp.js';

// What the calls broke, said when the program stops: a summary line per kind, the exit code
// --fail-on asks for, and the JUnit report --report asks for (one test case per call).

export type FailOn = 'request' | 'response' | 'any';

const side = (location: string[]) => location[0];

/** Whether the call broke the document with an Error of the kind asked (`request`, `response`, either). */
const breaks = (call: AnsweredCall, kind: FailOn) =>
  call.violations.some((v) => v.severity === 'Error' && (kind === 'any' || side(v.location) === kind));

/** The summary names this many failing calls at most, then how many more there were. */
const MAX_LISTED = 1000;

/**
 * What the end of the program needs of the calls, kept as they are answered. A mock may serve
 * millions of calls: it counts them, keeps the first failing ones for the summary, and keeps every
 * call only when a report is to list them.
 */
export function createCallTally(keepEvery: boolean) {
  const every: AnsweredCall[] = [];
  const listed: AnsweredCall[] = [];
  const counts = { calls: 0, request: 0, response: 0, any: 0 };
  return {
    add(call: AnsweredCall): void {
      counts.calls++;
      if (keepEvery) every.push(call);
      const request = breaks(call, 'request');
      const response = breaks(call, 'response');
      if (request) counts.request++;
      if (response) counts.response++;
      if (!request && !response) return;
      counts.any++;
      if (listed.length < MAX_LISTED) listed.push(call);
    },
    /** Whether a call broke the document in the way --fail-on names. */
    failed: (kind: FailOn) => counts[kind] > 0,
    summaryLines(): string[] {
      const more = counts.any - listed.length;
      return [
        `${counts.calls} call${counts.calls === 1 ? '' : 's'} answered: ${counts.request} with request violations, ${counts.response} with response violations`,
        ...listed.flatMap((call) =>
          call.violations
            .filter((v) => v.severity === 'Error')
            .map((v) => `  ${call.method} ${call.url} ${v.location.join('.')}: ${v.message}`),
        ),
        ...(more > 0 ? [`  … and ${more} more call${more === 1 ? '' : 's'} with violations`] : []),
      ];
    },
    writeReport: (path: string) => writeFileSync(path, junitReport(every)),
  };
}

export type CallTally = ReturnType<typeof createCallTally>;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** JUnit XML: a suite of the calls, a failure for each call that broke the document. */
export function junitReport(calls: AnsweredCall[]): string {
  const failing = new Set(calls.filter((call) => breaks(call, 'any')));
  const seconds = calls.reduce((sum, call) => sum + call.durationMs, 0) / 1000;
  const cases = calls.map((call) => {
    const name = escapeXml(`${call.method} ${call.url} → ${call.status}`);
    const time = (call.durationMs / 1000).toFixed(3);
    if (!failing.has(call)) return `    <testcase classname="api-sandbox" name="${name}" time="${time}"/>`;
    const messages = call.violations
      .filter((v) => v.severity === 'Error')
      .map((v) => `${v.location.join('.')}: ${v.message}`)
      .join('\n');
    return `    <testcase classname="api-sandbox" name="${name}" time="${time}">\n      <failure message="${escapeXml(messages.split('\n')[0])}">${escapeXml(messages)}</failure>\n    </testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="api-sandbox mock" tests="${calls.length}" failures="${failing.size}" time="${seconds.toFixed(3)}">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}
