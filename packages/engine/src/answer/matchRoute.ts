// The sandbox router: OpenAPI path templates on find-my-way (Fastify's radix-tree router), so a lookup
// costs the same whatever the API's size, static segments win over parameters, and parameters may sit
// anywhere in a segment (`/files/{name}.{ext}`, `/test:{rpc}`).
//
// Several operations may share a method and a place in the tree: templates of one shape whose
// parameters differ (Xero's `/Journals/{JournalID}`, a uuid, and `/Journals/{JournalNumber}`, an
// integer). A request goes to the first, in the document's order, whose path parameters take its
// values; when none does, to the first, which refuses it as invalid.

import FindMyWay from 'find-my-way';

export interface Match<T> {
  handler: T;
  params: Record<string, string>;
}

export type RouteLookup<T> =
  | { kind: 'found'; match: Match<T> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

type Method = FindMyWay.HTTPMethod;

/** A route as the tree keeps it: parameters are named `p0`, `p1`… there; `names` are the operation's own. */
interface Route<T> {
  handler: T;
  names: string[];
}

/** An operation's template in the document's order, for the routing of empty parameters (see Router). */
interface Template<T> {
  method: string;
  path: string;
  route: Route<T>;
  /** Built on first use. */
  regex?: RegExp;
}

/** A template find-my-way cannot hold (a literal `*`, or an encoded `/`, `?` or `#`), matched by regex. */
interface FallbackPlace<T> {
  method: string;
  regex: RegExp;
  routes: Route<T>[];
}

/** Whether an operation takes these values of its path parameters (by its own names). */
export type AcceptsPath<T> = (handler: T, params: Record<string, string>) => boolean;

/** The order an `Allow` header lists methods in. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

/**
 * find-my-way's default (100) refuses longer values as not found; tokens and encoded ids get longer.
 * It also bounds a segment fed to a mid-segment regex (`count × this`), which keeps its cost small.
 */
export const MAX_PARAM_LENGTH = 1024;

const PARAMETER = /\{([^}]+)\}/;
const NO_QUERY = {};
const noop = () => undefined;

export class Router<T> {
  private readonly tree = FindMyWay({
    maxParamLength: MAX_PARAM_LENGTH,
    // the sandbox splits the query itself: never parse it here
    querystringParser: () => NO_QUERY,
  });
  private readonly methods = new Set<string>();
  /** By `METHOD tree-path`, the operations at each place of the tree, in the document's order. */
  private readonly places = new Map<string, Route<T>[]>();
  private readonly fallback: FallbackPlace<T>[] = [];
  private readonly templates: Template<T>[] = [];

  /**
   * `accepts` is asked only at a place several operations share. `emptyParameters`: a path that
   * matches nothing may still fill a parameter with an empty segment (`/path//foo` is
   * `/path/{param}/foo` with `param` empty, refused by validation as missing), as Prism routes.
   */
  constructor(
    private readonly accepts: AcceptsPath<T> = () => true,
    private readonly emptyParameters = false,
  ) {}

  /**
   * `template` as the document writes it: `/pets/{petId}`, `/files/{name}.{ext}`, `/caf%C3%A9`.
   * Operations are added in the document's order: at a shared place, the first one that takes the
   * request's values answers it.
   */
  add(method: string, template: string, handler: T): void {
    this.methods.add(method);
    const path = routedPath(template);
    const names = [...path.matchAll(new RegExp(PARAMETER, 'g'))].map((m) => m[1] as string);
    const route: Route<T> = { handler, names };
    if (this.emptyParameters && names.length > 0) this.templates.push({ method, path, route });
    const treePath = toTreePath(path);
    if (treePath !== null) {
      const key = `${method} ${treePath}`;
      const shared = this.places.get(key);
      if (shared) {
        shared.push(route);
        return;
      }
      try {
        const routes = [route];
        this.tree.on(method as Method, treePath, noop, routes);
        this.places.set(key, routes);
        return;
      } catch {
        // a template the tree refuses is still answered, by the regex below
      }
    }
    const regex = toRegex(path);
    const shared = this.fallback.find(
      (place) => place.method === method && place.regex.source === regex.source,
    );
    if (shared) shared.routes.push(route);
    else this.fallback.push({ method, regex, routes: [route] });
  }

  /**
   * `path` as the request sent it (percent-encoded, without the query). A GET route answers HEAD
   * unless HEAD is declared; a trailing slash is optional unless the document declares both forms.
   */
  lookup(method: string, path: string): RouteLookup<T> {
    const canonical = path.includes('%') ? canonicalPath(path) : path;
    const exact = this.findFor(method, canonical);
    if (exact) return { kind: 'found', match: exact };
    const other = otherSlash(canonical);
    const match = other === undefined ? undefined : this.findFor(method, other);
    if (match) return { kind: 'found', match };
    const withEmpty = this.emptyParameters ? this.findWithEmpty(method, canonical) : undefined;
    if (withEmpty) return { kind: 'found', match: withEmpty };
    const allowed: string[] = [];
    for (const known of this.methods) {
      if (this.find(known, canonical) || (other !== undefined && this.find(known, other)))
        allowed.push(known);
    }
    if (allowed.length === 0) return { kind: 'not-found' };
    if (allowed.includes('GET') && !allowed.includes('HEAD')) allowed.push('HEAD');
    return { kind: 'method-not-allowed', allowed: allowed.sort(byMethodOrder) };
  }

  private findFor(method: string, path: string): Match<T> | undefined {
    return this.find(method, path) ?? (method === 'HEAD' ? this.find('GET', path) : undefined);
  }

  private find(method: string, path: string): Match<T> | undefined {
    const hit = this.tree.find(method as Method, path);
    if (hit) {
      const match = this.choose(hit.store as Route<T>[], (i) => hit.params[`p${i}`]);
      if (match) return match;
    }
    for (const place of this.fallback) {
      if (place.method !== method) continue;
      const found = place.regex.exec(path);
      if (!found) continue;
      const match = this.choose(place.routes, (i) => decodeSafely(found[i + 1] as string));
      if (match) return match;
    }
    return undefined;
  }

  /**
   * The first operation in the document's order whose template matches with a parameter left empty;
   * only for a path with an empty segment, so a lookup that found nothing else pays for it.
   */
  private findWithEmpty(method: string, path: string): Match<T> | undefined {
    if (!/\/(\/|$)/.test(path)) return undefined;
    const wanted = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
    for (const asked of wanted) {
      for (const template of this.templates) {
        if (template.method !== asked) continue;
        template.regex ??= toRegex(template.path, '*');
        const found = template.regex.exec(path);
        if (!found) continue;
        const { handler, names } = template.route;
        const params: Record<string, string> = {};
        names.forEach((name, i) => {
          params[name] = decodeSafely(found[i + 1] as string);
        });
        return { handler, params };
      }
    }
    return undefined;
  }

  /** Of the operations at one place, the first that takes the values; else the first, to refuse them. */
  private choose(routes: Route<T>[], valueAt: (i: number) => string | undefined): Match<T> | undefined {
    const first = routes[0] as Route<T>;
    const params = namedParams(first.names, valueAt);
    // the routes of a place have their parameters at the same positions: an empty one is empty for all
    if (!params) return undefined;
    if (routes.length === 1 || this.accepts(first.handler, params)) return { handler: first.handler, params };
    for (let r = 1; r < routes.length; r++) {
      const route = routes[r] as Route<T>;
      const own = namedParams(route.names, valueAt) as Record<string, string>;
      if (this.accepts(route.handler, own)) return { handler: route.handler, params: own };
    }
    return { handler: first.handler, params };
  }
}

/**
 * The template as routing reads it: from `/`, without a fragment. A client never sends a URL's
 * fragment, so `/v1/connectors/{idOrName}#idOrName` answers `/v1/connectors/abc`. Templates that differ
 * only by fragment (AWS's `/voice-connectors/{id}#operation=associate-phone-numbers` and
 * `#operation=disassociate-phone-numbers`, both POST) share a place: the first in the document's order
 * answers, and a later one only a request whose values the earlier ones' parameters refuse.
 */
function routedPath(template: string): string {
  let end = template.length;
  let inParameter = false;
  // a `#` inside braces belongs to a parameter's name
  for (let i = 0; i < template.length && end === template.length; i++) {
    const char = template[i];
    if (char === '{') inParameter = true;
    else if (char === '}') inParameter = false;
    else if (char === '#' && !inParameter) end = i;
  }
  const path = template.slice(0, end);
  return path.startsWith('/') ? path : `/${path}`;
}

/** Per operation, its own names; an empty segment never fills a parameter (`/pets/` is not `/pets/{id}`). */
function namedParams(
  names: string[],
  valueAt: (i: number) => string | undefined,
): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    const value = valueAt(i);
    if (!value) return undefined;
    params[names[i] as string] = value;
  }
  return params;
}

const byMethodOrder = (a: string, b: string) =>
  (METHOD_ORDER.indexOf(a) >>> 0) - (METHOD_ORDER.indexOf(b) >>> 0) || a.localeCompare(b);

/** `/pets/` ↔ `/pets`: the form tried when the path as sent matches nothing. */
function otherSlash(path: string): string | undefined {
  if (path === '/') return undefined;
  return path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * One spelling per path, whatever the client encoded: each segment decoded, then only what would
 * change the path's structure (`%`, `/`, `?`, `#`) encoded again. The tree's static parts are decoded
 * the same way, so `/caf%C3%A9` in a document answers `/café` sent as `/caf%C3%A9`.
 */
function canonicalPath(path: string): string {
  return path.split('/').map(canonicalSegment).join('/');
}

const STRUCTURAL = /[%/?#]/g;

function canonicalSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  return decodeSafely(segment).replace(STRUCTURAL, encodeURIComponent);
}

/** A template in find-my-way's syntax, or null when one of its literals cannot be written in it. */
function toTreePath(template: string): string | null {
  let index = 0;
  const segments: string[] = [];
  for (const segment of template.split('/')) {
    const parts = segment.split(PARAMETER);
    const literals: string[] = [];
    for (let i = 0; i < parts.length; i += 2) {
      const literal = decodeSafely(parts[i] as string);
      // `*` starts a wildcard and an encoded `/`, `?` or `#` would be read as structure: regex instead
      if (/[*/?#]/.test(literal)) return null;
      literals.push(literal);
    }
    const written = literals.map((literal) => literal.replaceAll(':', '::'));
    const count = literals.length - 1;
    if (count === 0) {
      segments.push(written[0] as string);
    } else if (count === 1 && literals[1] === '') {
      // a parameter ending its segment needs no regex: the tree reads it up to the next `/`
      segments.push(`${written[0]}:p${index++}`);
    } else {
      // Several parameters, or text after one: a regex over the rest of the segment.
      let text = written[0] as string;
      for (let i = 1; i <= count; i++)
        text += `:p${index++}(${parameterRegex(literals[i] as string, i === count, '.')})${written[i]}`;
      segments.push(text);
    }
  }
  return segments.join('/');
}

/**
 * A parameter followed by text stops at its first occurrence (`{name}.{ext}` reads `a.tar.gz` as
 * `a` + `tar.gz`, as Prism does): it may not contain that text, so the regex cannot backtrack over
 * it and stays linear on hostile input. The last parameter of a segment takes the rest of it.
 */
function parameterRegex(next: string, last: boolean, char: '.' | '[^/]', times: '+' | '*' = '+'): string {
  if (last) return `${char}${times}`;
  if (next.length === 1) return `[^${classEscape(next)}${char === '.' ? '' : '/'}]${times}`;
  return `(?:(?!${regexEscape(next)})${char})${times}`;
}

function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function classEscape(char: string): string {
  return /[\\\]^()-]/.test(char) ? `\\${char}` : char;
}

/**
 * The fallback for what the tree cannot hold: the same rules, as one anchored regex. `times` `*`:
 * a parameter may be empty.
 */
function toRegex(template: string, times: '+' | '*' = '+'): RegExp {
  const segments = template.split('/').map((segment) => {
    const parts = segment.split(PARAMETER);
    const literals = parts
      .filter((_, i) => i % 2 === 0)
      .map((part) => decodeSafely(part).replace(STRUCTURAL, encodeURIComponent));
    const count = literals.length - 1;
    return literals
      .map((literal, i) =>
        i === 0
          ? regexEscape(literal)
          : `(${parameterRegex(literal, i === count, '[^/]', times)})${regexEscape(literal)}`,
      )
      .join('');
  });
  return new RegExp(`^${segments.join('/')}$`);
}
