import type { Problem } from './problem.js';

// How Prism reads a form body's fields by their `encoding` (prism-http's body validator), where
// the hosted sandbox reads them otherwise: the command-line program's dialect only.

/** What the request model keeps of one field's encoding. */
export interface FieldEncoding {
  allowReserved?: boolean;
  /** A list written in one field, by its separator (`spaceDelimited`, Swagger 2.0's csv). */
  delimiter?: string;
}

/** The separator of each delimited style Prism reads a form field in. */
export const DELIMITERS: Record<string, string> = {
  commaDelimited: ',',
  spaceDelimited: ' ',
  pipeDelimited: '|',
};

/** RFC 3986's reserved characters, as Prism tests a field for them. */
const RESERVED = /[/?#[\]@!$&'()*+,;=]/;

/** Prism's wording of a problem, where it is not Ajv's: no code, its message as is. */
export const prismWordingOf = new WeakMap<Problem, { message: string; code?: string }>();

/**
 * A field with an encoding that does not allow reserved characters and has one as sent (before
 * percent-decoding; in a multipart body, as the part holds it) is refused. Prism applies
 * `allowReserved` to multipart bodies as well, though OpenAPI keeps it to url-encoded ones.
 */
export function reservedProblems(
  fields: Iterable<[string, string]>,
  encodings: Record<string, FieldEncoding>,
): Problem[] {
  const sent = new Map(fields);
  const problems: Problem[] = [];
  for (const [name, encoding] of Object.entries(encodings)) {
    const value = sent.get(name);
    if (encoding.allowReserved === true || value === undefined || !RESERVED.test(value)) continue;
    const problem = { location: `body.${name}`, message: 'uses reserved characters' };
    prismWordingOf.set(problem, { message: 'Reserved characters used in request body' });
    problems.push(problem);
  }
  return problems;
}

/** A url-encoded body's fields as sent, split as Prism splits them: on `&`, then on the first `=`. */
export function encodedFields(text: string): [string, string][] {
  return text.split('&').map((pair) => {
    const [key = '', ...rest] = pair.split('=');
    return [key, rest.join('=')];
  });
}

/**
 * A delimited field holding a list, as Prism reads it: its last value split on the separator; a
 * field absent or empty is the empty text, which a list's schema refuses.
 */
export function delimitedLists(
  fields: [string, string][],
  encodings: Record<string, FieldEncoding>,
  isList: (name: string) => boolean,
  item: (name: string, text: string) => unknown,
): Record<string, unknown> {
  const lists: Record<string, unknown> = {};
  for (const [name, { delimiter }] of Object.entries(encodings)) {
    if (delimiter === undefined || !isList(name)) continue;
    const last = fields.findLast(([field]) => field === name)?.[1];
    lists[name] = last ? last.split(delimiter).map((text) => item(name, text)) : '';
  }
  return lists;
}
