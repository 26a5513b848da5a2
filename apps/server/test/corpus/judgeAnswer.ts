// What the document lets the sandbox answer: a declared status, a declared media type, a JSON body that
// validates against the ORIGINAL document's schema for that status and media type.

import type { ConformanceAnswer } from '../conformance/runConformance.js';
import type { MediaType, Operation } from './corpusDocuments.js';
import type { SchemaCheck } from './documentSchemas.js';

/** The declared response a status falls under: exact code, `2XX` range, then `default`. */
export function declaredFor(op: Operation, status: number): { code: string; media: MediaType[] } | undefined {
  for (const [code, media] of op.responses) if (code.trim() === String(status)) return { code, media };
  for (const [code, media] of op.responses)
    if (/^[1-5]xx$/i.test(code.trim()) && code.trim()[0] === String(status)[0]) return { code, media };
  for (const [code, media] of op.responses)
    if (code.trim().toLowerCase() === 'default') return { code, media };
  return undefined;
}

const mediaTypeOf = (answer: ConformanceAnswer) =>
  (answer.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

const isJsonType = (type: string) =>
  /^application\/(?:[\w.+-]*\+)?json$/i.test(type) || /\+json$/i.test(type);

function matchesDeclared(sent: string, declared: string): boolean {
  const d = declared.split(';')[0].trim().toLowerCase();
  if (d === sent || d === '*/*') return true;
  if (d.endsWith('/*')) return sent.startsWith(d.slice(0, -1));
  return false;
}

/** What is wrong with the answer to a valid request; empty when the document allows it. */
export function judgeValidAnswer(op: Operation, schemas: SchemaCheck, answer: ConformanceAnswer): string[] {
  // OpenAPI 3.1 lets an operation declare no response at all: then any success, with nothing to check
  if (op.responses.size === 0) {
    return answer.status >= 200 && answer.status < 300
      ? []
      : [`status ${answer.status} to an operation that declares no response`];
  }
  const declared = declaredFor(op, answer.status);
  if (!declared) {
    return [
      `status ${answer.status} is not declared (declared: ${[...op.responses.keys()].join(', ') || 'none'})`,
    ];
  }
  if (op.method === 'HEAD' || answer.status === 204 || answer.status === 304) return [];
  if (answer.text === '') {
    // a body the document describes by a schema is owed; a media type without one may come empty
    const owed = declared.media.filter((m) => m.schema);
    return owed.length
      ? [`empty body, though ${declared.code} declares ${owed.map((m) => m.type).join(', ')}`]
      : [];
  }
  const sent = mediaTypeOf(answer);
  // the product's own choice (docs/sandbox.md): a declared error without a body answers problem details
  if (declared.media.length === 0 && answer.status >= 400 && sent === 'application/problem+json') return [];
  if (declared.media.length === 0) {
    return [`response ${declared.code} declares no body, the sandbox sent ${sent || 'one with no type'}`];
  }
  const media = declared.media.find((m) => matchesDeclared(sent, m.type));
  if (!media) {
    return [
      `Content-Type ${sent || '(none)'} is not one of ${declared.code}'s: ${declared.media.map((m) => m.type).join(', ')}`,
    ];
  }
  if (!isJsonType(sent) || !media.schema) return [];
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`body is not JSON though sent as ${sent}: ${answer.text.slice(0, 120)}`];
  }
  const problems = schemas.check('response', media.schema, body);
  return problems.length
    ? [`body does not validate against ${declared.code} ${media.type}: ${problems.join('; ')}`]
    : [];
}

/**
 * What is wrong with the answer to an invalid request: it must be refused as invalid (400, or a 4xx the
 * operation declares for it), with a problem naming `place` (or a place inside it).
 */
export function judgeRefusal(
  op: Operation,
  answer: ConformanceAnswer,
  place: string,
  alsoNamed?: string,
): string[] {
  const status = answer.status;
  const declared4xx =
    status >= 400 &&
    status < 500 &&
    declaredFor(op, status) !== undefined &&
    ![401, 403, 404].includes(status);
  if (status !== 400 && !declared4xx)
    return [`status ${status}, expected 400 (or a declared 4xx) for an invalid ${place}`];
  // the problems are in the body's `errors`, and always in this header when the document's own error
  // body answers (docs/sandbox.md: as Prism, a declared 400 or 422 answers an invalid request)
  const header = answer.headers['sandbox-problems'];
  let problems: { location?: string; message?: string }[] = header ? JSON.parse(header) : [];
  try {
    problems = [...problems, ...(JSON.parse(answer.text).errors ?? [])];
  } catch {
    if (!header) return [`the refusal is not a JSON problem: ${answer.text.slice(0, 120)}`];
  }
  const named = problems.some(
    (p) =>
      p.location === place ||
      p.location?.startsWith(`${place}.`) ||
      p.location?.startsWith(`${place}[`) ||
      (alsoNamed !== undefined && p.location === alsoNamed),
  );
  return named ? [] : [`the refusal names ${JSON.stringify(problems.map((p) => p.location))}, not ${place}`];
}
