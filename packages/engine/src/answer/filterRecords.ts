import { isJsonObject } from '../shared/jsonObjects.js';
import { PAGING_NAMES } from './paging.js';
import { PAGE_BYTES, type PageRequest, type RecordPage, type RecordStore } from './records.js';
import type { RequestModel } from './requestModel.js';

type Query = Record<string, string | string[] | undefined>;

/**
 * The query parameters a list request filters by: those the operation declares, sent, and not paging
 * (`?status=sold` of GET /pets). Whether one names a record field is known once the records are read.
 */
export function filtersOf(model: RequestModel, query: Query): [string, string[]][] {
  const filters: [string, string[]][] = [];
  for (const { in: place, name } of model.parameters) {
    if (place !== 'query' || PAGING_NAMES.has(name) || !Object.hasOwn(query, name)) continue;
    const value = query[name];
    if (value === undefined || value === '') continue;
    filters.push([name, (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','))]);
  }
  return filters;
}

/** Whether a record's field holds one of the asked values (a list field: holds one among its items). */
function holds(field: unknown, asked: string[]): boolean {
  if (Array.isArray(field)) return field.some((item) => holds(item, asked));
  if (field === null || typeof field === 'object') return false;
  return asked.includes(String(field));
}

/**
 * A page of the records whose fields hold the asked values. A parameter that names no field of any
 * record (a search term, a sort order) filters nothing. Records are read a page at a time: the
 * collection is bounded by the API's storage limits.
 */
export async function filteredPage(
  records: Pick<RecordStore, 'listJson'>,
  apiMasterId: number,
  collection: string,
  filters: [string, string[]][],
  asked: PageRequest,
): Promise<RecordPage> {
  const all: string[] = [];
  for (let offset = 0; ; ) {
    const page = await records.listJson(apiMasterId, collection, { offset, limit: 1000 });
    all.push(...page.texts);
    offset += page.texts.length;
    if (page.texts.length === 0 || offset >= page.total) break;
  }
  const parsed = all.map((text) => ({ text, record: JSON.parse(text) as unknown }));
  const fields = filters.filter(([name]) =>
    parsed.some(({ record }) => isJsonObject(record) && Object.hasOwn(record, name)),
  );
  const kept = parsed.filter(
    ({ record }) => isJsonObject(record) && fields.every(([name, asked]) => holds(record[name], asked)),
  );
  const texts: string[] = [];
  let bytes = 0;
  for (const { text } of kept.slice(asked.offset, asked.offset + asked.limit)) {
    bytes += text.length;
    if (texts.length > 0 && bytes > PAGE_BYTES) break;
    texts.push(text);
  }
  return { texts, total: kept.length };
}
