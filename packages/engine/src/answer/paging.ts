import type { Problem } from './problem.js';
import type { PageRequest, RecordPage } from './records.js';

/** Records a list answers when the request names no `limit`, and the most it may name. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function wholeNumber(query: Query, name: string, least: number, problems: Problem[]): number | undefined {
  const text = first(query[name]);
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) < least) {
    problems.push({ location: `query.${name}`, message: `must be a whole number from ${least}` });
    return undefined;
  }
  return Number(text);
}

/** The names a page's size goes by: json-server's, GitHub's, and the common camel and snake cases. */
const SIZE_NAMES = ['limit', 'per_page', 'pageSize', 'page_size'];

/** Query parameters that page a list, never filter it. */
export const PAGING_NAMES: ReadonlySet<string> = new Set([...SIZE_NAMES, 'offset', 'page']);

/**
 * The page a list request asks for: `?offset=&limit=` (json-server, most REST APIs) or `?page=&limit=`
 * (from 1), the size also as `per_page`, `pageSize` or `page_size`; a size above MAX_PAGE_SIZE is read
 * as MAX_PAGE_SIZE, as GitHub does with `per_page`.
 */
export function pageOf(query: Query): PageRequest | { problems: Problem[] } {
  const problems: Problem[] = [];
  const sizeName = SIZE_NAMES.find((name) => first(query[name]) !== undefined) ?? 'limit';
  const limit = Math.min(wholeNumber(query, sizeName, 1, problems) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const offset = wholeNumber(query, 'offset', 0, problems);
  const page = wholeNumber(query, 'page', 1, problems);
  if (problems.length) return { problems };
  return { limit, offset: offset ?? ((page ?? 1) - 1) * limit };
}

const linkTo = (kept: string, offset: number, limit: number, rel: string) =>
  `<?${kept}offset=${offset}&limit=${limit}>; rel="${rel}"`;

/**
 * `X-Total-Count`, and when the list takes more than this page, a `Link` header to the first,
 * previous, next and last pages (as GitHub does). The links are query-only references, resolved
 * against the request's own address (RFC 8288, RFC 3986 §5), so they hold whatever origin and path
 * prefix the sandbox was reached under; other query parameters stay.
 */
export function pageHeaders(query: Query, asked: PageRequest, page: RecordPage): Record<string, string> {
  const { offset, limit } = asked;
  // a page cut short by its size in bytes goes on from the first record it left out
  const next = offset + page.texts.length;
  if (offset === 0 && next >= page.total) return { 'x-total-count': String(page.total) };
  // built by hand: URLSearchParams would cost more than the rest of a cached list answer
  let kept = '';
  for (const name in query) {
    const value = query[name];
    if (PAGING_NAMES.has(name) || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      kept += `${encodeURIComponent(name)}=${encodeURIComponent(v)}&`;
  }
  let links = linkTo(kept, 0, limit, 'first');
  if (offset > 0) links += `, ${linkTo(kept, Math.max(0, offset - limit), limit, 'prev')}`;
  if (next < page.total) links += `, ${linkTo(kept, next, limit, 'next')}`;
  const last = page.total > 0 ? Math.floor((page.total - 1) / limit) * limit : 0;
  links += `, ${linkTo(kept, last, limit, 'last')}`;
  return { 'x-total-count': String(page.total), link: links };
}
