import { isDeepStrictEqual } from 'node:util';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// How an answer is judged against a case's expectation: as Prism's runner (test-harness/index.ts)
// judges it, read from its source:
// - both texts are parsed as http-string-parser does: the status line, the headers, then the body
//   after the first empty line; header names compared in lower case;
// - the status code and the reason phrase must be equal;
// - every header the expectation lists must be present with the same value (others are ignored);
// - `====expect====`: the body must be equal. Prism compares the texts; we compare JSON bodies as
//   parsed values (key order aside), since a JSON answer's key order is no promise of ours, and any
//   other body as text;
// - `====expect-loose====`: the body is not compared (Prism's gavel-era loose mode passed any body);
// - an XML answer (an XML content type, or an expected body that is XML) is compared by structure,
//   element values and the order of differently named siblings aside, as Prism's diff-js-xml with
//   compareElementValues: false.

export interface HttpText {
  statusCode: number;
  statusMessage: string;
  headers: Record<string, string>;
  body: string;
}

export function parseHttpText(text: string): HttpText {
  const normalised = text.trim().replace(/\r\n/g, '\n');
  const blank = normalised.indexOf('\n\n');
  const head = blank < 0 ? normalised : normalised.slice(0, blank);
  const body = blank < 0 ? '' : normalised.slice(blank + 2);
  const [statusLine = '', ...lines] = head.split('\n');
  const status = /^HTTP\/[\d.]+\s+(\d{3})\s*(.*)$/.exec(statusLine.trim());
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusCode: Number(status?.[1] ?? 0), statusMessage: status?.[2]?.trim() ?? '', headers, body };
}

const parseJson = (text: string): { value: unknown } | undefined => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
};

const XML_TYPE = /^(application\/(.+\+)?xml|text\/xml)\b/i;
const xmlParser = new XMLParser({ ignoreAttributes: false });

/**
 * An XML document's shape: its elements and attributes by name, nested as written, their values and
 * the order of differently named siblings left out (diff-js-xml compares parsed objects by key). The
 * XML declaration is not an element.
 */
function xmlShape(text: string): unknown {
  const shape = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(shape);
    if (node === null || typeof node !== 'object') return null;
    const keys = Object.keys(node).filter((key) => !key.startsWith('?') && key !== '#text');
    return Object.fromEntries(keys.sort().map((key) => [key, shape((node as Record<string, unknown>)[key])]));
  };
  return shape(xmlParser.parse(text));
}

/** Why the answer differs from the expectation; empty when it agrees. */
export function compareAnswer(actual: HttpText, expected: HttpText, mode: 'expect' | 'loose'): string[] {
  const differences: string[] = [];
  if (actual.statusCode !== expected.statusCode || actual.statusMessage !== expected.statusMessage)
    differences.push(
      `status ${actual.statusCode} ${actual.statusMessage}, expected ${expected.statusCode} ${expected.statusMessage}`,
    );
  for (const [name, value] of Object.entries(expected.headers)) {
    if (actual.headers[name] !== value)
      differences.push(`header ${name}: ${actual.headers[name] ?? '(absent)'}, expected ${value}`);
  }
  const isXml =
    XML_TYPE.test(actual.headers['content-type'] ?? '') ||
    (expected.body.trim().startsWith('<') && XMLValidator.validate(expected.body) === true);
  if (isXml) {
    if (!isDeepStrictEqual(xmlShape(actual.body), xmlShape(expected.body)))
      differences.push(`XML body ${actual.body.slice(0, 300)}, expected ${expected.body.slice(0, 300)}`);
    return differences;
  }
  if (mode === 'loose') return differences;
  const a = parseJson(actual.body);
  const e = parseJson(expected.body);
  const same = a && e ? isDeepStrictEqual(a.value, e.value) : actual.body === expected.body;
  if (!same) differences.push(`body ${actual.body.slice(0, 400)}, expected ${expected.body.slice(0, 400)}`);
  return differences;
}
