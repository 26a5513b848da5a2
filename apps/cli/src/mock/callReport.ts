import { writeFileSync } from 'node:fs';
import type { AnsweredCall } from './answerHttp.js';

// What the calls broke, said when the program stops: a summary line per kind, the exit code
// --fail-on asks for, and the JUnit report --report asks for (one test case per call).

export type FailOn = 'request' | 'response' | 'any';

const side = (location: string[]) => location[0];

/** The calls with an Error violation of the kind asked (`request`, `response`, either). */
export function failingCalls(calls: AnsweredCall[], failOn: FailOn): AnsweredCall[] {
  return calls.filter((call) =>
    call.violations.some((v) => v.severity === 'Error' && (failOn === 'any' || side(v.location) === failOn)),
  );
}

export function summaryLines(calls: AnsweredCall[]): string[] {
  const count = (kind: 'request' | 'response') => failingCalls(calls, kind).length;
  return [
    `${calls.length} call${calls.length === 1 ? '' : 's'} answered: ${count('request')} with request violations, ${count('response')} with response violations`,
    ...failingCalls(calls, 'any').flatMap((call) =>
      call.violations
        .filter((v) => v.severity === 'Error')
        .map((v) => `  ${call.method} ${call.url} ${v.location.join('.')}: ${v.message}`),
    ),
  ];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** JUnit XML: a suite of the calls, a failure for each call that broke the document. */
export function junitReport(calls: AnsweredCall[]): string {
  const failing = new Set(failingCalls(calls, 'any'));
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

export function writeReport(path: string, calls: AnsweredCall[]): void {
  writeFileSync(path, junitReport(calls));
}
