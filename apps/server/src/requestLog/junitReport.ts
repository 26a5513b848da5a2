import type { LoggedRequest } from '@sandbox/contracts';

// A time window of the request log as a JUnit report, so that a CI job that ran its tests through
// the hosted proxy can hand the backend's keeping of the contract to any CI's test report: one
// testcase per exchange, named for its operation; one failure per violation, where it is.

const XML_SPECIAL: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as an XML attribute's or element's content: the five specials escaped, characters XML 1.0 cannot hold dropped. */
function xml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids are the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (c) => XML_SPECIAL[c] as string)
  );
}

export interface JunitWindow {
  apiName: string;
  from: string;
  to: string;
  /** Oldest first. */
  entries: LoggedRequest[];
  /** Entries of the window the report leaves out, past its bound. */
  leftOut: number;
}

function testcase(entry: LoggedRequest): string {
  const operation = entry.endpoint ?? `${entry.method} ${entry.path} (${entry.unmatched ?? 'no operation'})`;
  const name = `${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ''} → ${entry.status}`;
  const failures = (entry.violations ?? []).filter((v) => v.severity === 'Error');
  const warnings = (entry.violations ?? []).filter((v) => v.severity !== 'Error');
  const lines = [
    `    <testcase classname="${xml(operation)}" name="${xml(name)}" time="${(entry.durationMs / 1000).toFixed(3)}" timestamp="${xml(entry.at)}">`,
  ];
  for (const v of failures) {
    const place = v.location.join('.');
    lines.push(
      `      <failure type="${xml(`${v.direction} ${v.code}`)}" message="${xml(`${place}: ${v.message}`)}">${xml(
        `${v.direction} violation at ${place}: ${v.message}`,
      )}</failure>`,
    );
  }
  if (warnings.length > 0)
    lines.push(
      `      <system-out>${xml(warnings.map((v) => `warning at ${v.location.join('.')}: ${v.message}`).join('\n'))}</system-out>`,
    );
  lines.push('    </testcase>');
  return lines.join('\n');
}

export function junitReport({ apiName, from, to, entries, leftOut }: JunitWindow): string {
  const failed = entries.filter((e) => (e.violations ?? []).some((v) => v.severity === 'Error')).length;
  const seconds = entries.reduce((sum, e) => sum + e.durationMs, 0) / 1000;
  const suite = `${apiName}: calls from ${from} to ${to}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(apiName)}" tests="${entries.length}" failures="${failed}" time="${seconds.toFixed(3)}">`,
    `  <testsuite name="${xml(suite)}" tests="${entries.length}" failures="${failed}" errors="0" skipped="0" time="${seconds.toFixed(3)}" timestamp="${xml(from)}">`,
    ...(leftOut > 0
      ? [
          `    <properties><property name="left-out" value="${leftOut} older calls of the window"/></properties>`,
        ]
      : []),
    ...entries.map(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
