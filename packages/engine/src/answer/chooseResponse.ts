// Which declared response answers: the success, the one a client prefers, or the one for an invalid
// request. `default` and ranges (`2XX`) are responses like any other.

/** A response as the chooser sees it: the code the document gives it (`200`, `2XX`, `default`). */
export interface Declared {
  declaredCode: string;
}

export interface ResponseTable<R> {
  exact: Map<number, R>;
  /** By first digit: `4XX` under 4. */
  ranges: Map<number, R>;
  fallback?: R;
}

/** A response and the status it answers with (a range's or `default`'s is decided by the choice). */
export interface Chosen<R> {
  response: R;
  status: number;
}

export function tableOf<R extends Declared>(responses: R[]): ResponseTable<R> {
  const table: ResponseTable<R> = { exact: new Map(), ranges: new Map() };
  for (const response of responses) {
    const code = response.declaredCode.trim();
    // a 1xx is not a final answer (RFC 9110 §15.2): a document's is never answered
    if (/^[2-5]\d\d$/.test(code)) {
      if (!table.exact.has(Number(code))) table.exact.set(Number(code), response);
    } else if (/^[2-5]xx$/i.test(code)) {
      if (!table.ranges.has(Number(code[0]))) table.ranges.set(Number(code[0]), response);
    } else if (code.toLowerCase() === 'default') {
      table.fallback ??= response;
    }
  }
  return table;
}

/** The response for a status: declared exactly, else its range, else `default` (as Prism does). */
export function responseFor<R>(table: ResponseTable<R>, status: number): Chosen<R> | undefined {
  const response = table.exact.get(status) ?? table.ranges.get(Math.floor(status / 100)) ?? table.fallback;
  return response && { response, status };
}

/**
 * The answer of a valid request (DESIGN §6): the lowest 2xx, else `2XX` (as 200), else `default`
 * (as 200), else the lowest declared code.
 */
export function successOf<R>(table: ResponseTable<R>): Chosen<R> | undefined {
  const codes = [...table.exact.keys()].sort((a, b) => a - b);
  const success = codes.find((code) => code >= 200 && code < 300);
  if (success !== undefined) return { response: table.exact.get(success) as R, status: success };
  const range = table.ranges.get(2);
  if (range) return { response: range, status: 200 };
  if (table.fallback) return { response: table.fallback, status: 200 };
  if (codes.length > 0) return { response: table.exact.get(codes[0]) as R, status: codes[0] };
  const [digit] = [...table.ranges.keys()].sort((a, b) => a - b);
  return digit === undefined ? undefined : { response: table.ranges.get(digit) as R, status: digit * 100 };
}

/**
 * Prism's answer of a valid request: as successOf while there is a 2xx, a `2XX` or a `default`;
 * otherwise the first response the document declares, where successOf takes the lowest code.
 */
export function prismSuccessOf<R extends Declared>(
  table: ResponseTable<R>,
  inOrder: R[],
  success: Chosen<R> | undefined,
): Chosen<R> | undefined {
  const hasSuccess = [...table.exact.keys()].some((code) => code >= 200 && code < 300);
  if (hasSuccess || table.ranges.has(2) || table.fallback) return success;
  for (const response of inOrder) {
    const code = response.declaredCode.trim();
    if (/^[2-5]\d\d$/.test(code)) return { response, status: Number(code) };
    if (/^[2-5]xx$/i.test(code)) return { response, status: Number(code[0]) * 100 };
  }
  return success;
}

/**
 * The answer of an invalid request: the declared 422, else 400, else `4XX`, else `default` (those two
 * answering 400, the product's own code for an invalid request); undefined leaves it to the product.
 */
export function invalidOf<R>(table: ResponseTable<R>): Chosen<R> | undefined {
  for (const status of [422, 400]) {
    const response = table.exact.get(status);
    if (response) return { response, status };
  }
  const response = table.ranges.get(4) ?? table.fallback;
  return response && { response, status: 400 };
}

/** What a client asks of the answer, by `Prefer` (RFC 7240) or by Prism's `__code`-style query. */
export interface Preferences {
  code?: number;
  example?: string;
  dynamic?: boolean;
}

const QUERY_FORMS = new Map<string, keyof Preferences>([
  ['__code', 'code'],
  ['__example', 'example'],
  ['__dynamic', 'dynamic'],
]);

/**
 * `Prefer: code=404, example=cat, dynamic=true` (`;` separates too, as Prism reads it), else the query
 * forms `__code`, `__example`, `__dynamic`. Undefined when the request asks nothing: the usual case
 * costs a look at one header and the query's keys.
 */
export function readPreferences(
  prefer: string | string[] | undefined,
  query: Record<string, string | string[] | undefined>,
): Preferences | undefined {
  if (prefer === undefined && !hasQueryForm(query)) return undefined;
  const asked: Partial<Record<keyof Preferences, string>> = {};
  let any = false;
  if (prefer !== undefined) {
    for (const token of String(prefer).split(/[,;]/)) {
      const equals = token.indexOf('=');
      if (equals < 0) continue;
      const name = token.slice(0, equals).trim().toLowerCase();
      if (name !== 'code' && name !== 'example' && name !== 'dynamic') continue;
      asked[name] ??= token
        .slice(equals + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      any = true;
    }
  }
  for (const key in query) {
    const name = QUERY_FORMS.get(key);
    if (name === undefined || asked[name] !== undefined) continue;
    const value = query[key];
    asked[name] = Array.isArray(value) ? value[0] : value;
    any = true;
  }
  return any ? parsePreferences(asked) : undefined;
}

function hasQueryForm(query: Record<string, string | string[] | undefined>): boolean {
  for (const key in query) if (QUERY_FORMS.has(key)) return true;
  return false;
}

function parsePreferences(asked: Partial<Record<keyof Preferences, string>>): Preferences | undefined {
  const preferences: Preferences = {};
  if (asked.code !== undefined && /^[2-5]\d\d$/.test(asked.code)) preferences.code = Number(asked.code);
  if (asked.example) preferences.example = asked.example;
  if (asked.dynamic === 'true' || asked.dynamic === 'false') preferences.dynamic = asked.dynamic === 'true';
  return Object.keys(preferences).length > 0 ? preferences : undefined;
}
