import type {
  BodyProperty,
  ChangeLists,
  EndpointChange,
  EndpointRef,
  HeaderConfig,
  ImportedEndpoint,
  ParameterConfig,
  ReimportSummary,
  SchemaMaster,
} from '@sandbox/contracts';
import { turns } from '@sandbox/engine/shared/giveWay';
import { endpointKey, parameterKey } from '../import/service.js';

// What a re-import changes, comparing only what the document decides: which endpoints, parameters,
// bodies, responses and schemas exist, and their types, requirements, formats, enums and references.
// The fields a user may set by hand (descriptions, lengths, defaults, auto-generation types, mappings)
// are merged (merge.ts: the user's edit kept, else the document's value), so they are never a difference.

/** An endpoint's parts as stored or as imported: the same shape either way. */
export type EndpointParts = { isDesigned?: boolean } & Pick<
  ImportedEndpoint,
  | 'methodType'
  | 'apiEndPoint'
  | 'parameterConfigList'
  | 'headerConfigList'
  | 'requestConfigList'
  | 'responseConfigList'
>;

const HAND_SET = new Set([
  'id',
  'description',
  'defaultValue',
  'minLength',
  'maxLength',
  'autoGenerationType',
  'isDesigned',
]);

/** Added in the product, not brought by a document: a document without it does not remove it. */
const designed = (item: unknown) => (item as { isDesigned?: boolean }).isDesigned === true;

/** A parameter or header as the summary names it: `query limit`, `header X-Request-Id`. */
export const parameterName = (p: ParameterConfig | HeaderConfig) =>
  'headerKey' in p ? `header ${p.headerKey}` : `${p.parameterType} ${p.keyName}`;

/** A value with the fields a user may set by hand left out, keys sorted, to compare as text. */
export function documentShape(value: unknown, drop: ReadonlySet<string> = HAND_SET): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k, x]) => !drop.has(k) && x !== undefined && x !== null)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, x]) => [k, strip(x)]),
    );
  };
  return JSON.stringify(strip(value));
}

const PARAMETER_HAND_SET = new Set([
  ...HAND_SET,
  'configParameterId',
  'example',
  // a header's type is the user's to set on the Headers tab
  'parameterType',
]);

/** Added, removed and changed among two keyed lists, in the document's order then the API's. */
function compareLists<T>(
  before: T[],
  after: T[],
  keyOf: (item: T) => string,
  shapeOf: (item: T) => string,
  nameOf: (item: T) => string = keyOf,
): ChangeLists {
  const old = new Map(before.map((item) => [keyOf(item), item]));
  const now = new Map(after.map((item) => [keyOf(item), item]));
  const lists: ChangeLists = { added: [], removed: [], changed: [] };
  for (const [key, item] of now) {
    const was = old.get(key);
    if (was === undefined) lists.added.push(nameOf(item));
    // one added by hand that the document now has too becomes the document's: a change either way
    else if (designed(was) || shapeOf(was) !== shapeOf(item)) lists.changed.push(nameOf(item));
  }
  for (const [key, item] of old) if (!now.has(key) && !designed(item)) lists.removed.push(nameOf(item));
  return lists;
}

const isEmpty = (lists: ChangeLists) =>
  lists.added.length + lists.removed.length + lists.changed.length === 0;

const ref = (e: EndpointParts): EndpointRef => ({ methodType: e.methodType, apiEndPoint: e.apiEndPoint });

/** One side of a comparison: endpoints, schemas, and which schemas the document names. */
export interface Side {
  endpoints: EndpointParts[];
  schemas: SchemaMaster[];
  /**
   * The names of the document's own schemas (`components.schemas`); the others were made up for a
   * body written inline, and belong to their endpoint.
   */
  named: ReadonlySet<string>;
}

/** The shape of a body's schema: its name, and its content when written inline (its change is the endpoint's). */
function bodyShape(side: Side, schemaName: string | null): unknown {
  if (!schemaName || side.named.has(schemaName)) return schemaName;
  const inline = side.schemas.find((s) => s.schemaName === schemaName);
  return inline ? JSON.parse(schemaShape(inline)) : schemaName;
}

/** What differs between one endpoint as stored and as the document has it; null when nothing. */
function compareEndpoint(
  stored: EndpointParts,
  next: EndpointParts,
  sides: [Side, Side],
): EndpointChange | null {
  const [before, after] = sides;
  const sideOf = (item: unknown, list: unknown[]) => (list.includes(item) ? after : before);
  const parameters = compareLists<ParameterConfig | HeaderConfig>(
    [...stored.parameterConfigList, ...stored.headerConfigList],
    [...next.parameterConfigList, ...next.headerConfigList],
    parameterKey,
    (p) => documentShape(p, PARAMETER_HAND_SET),
    parameterName,
  );
  const requestBodies = compareLists(
    stored.requestConfigList,
    next.requestConfigList,
    (r) => r.contentType,
    (r) =>
      documentShape({
        schema: bodyShape(sideOf(r, next.requestConfigList), r.schemaName),
        isRequired: r.isRequired,
      }),
  );
  const responses = compareLists(
    stored.responseConfigList,
    next.responseConfigList,
    (r) => r.responseCode,
    (r) =>
      documentShape({
        schema: bodyShape(sideOf(r, next.responseConfigList), r.responseSchemaName),
        contentType: r.contentType,
      }),
  );
  // a template parameter renamed (`{id}` → `{petId}`) is a change of the endpoint's path parameters
  if (
    !stored.isDesigned &&
    isEmpty(parameters) &&
    isEmpty(requestBodies) &&
    isEmpty(responses) &&
    stored.apiEndPoint === next.apiEndPoint
  )
    return null;
  return { ...ref(next), parameters, requestBodies, responses };
}

/** A schema's shape as the document decides it: what the summary calls a change of it. */
function schemaShape(schema: SchemaMaster): string {
  const { id: _id, apiMasterId: _a, example: _e, ...rest } = schema;
  const properties = (list: BodyProperty[]): unknown[] =>
    list
      .filter((p) => !p.isDesigned)
      .map(({ example: _x, configProperties, ...p }) => ({
        ...p,
        ...(configProperties?.length ? { configProperties: properties(configProperties) } : {}),
      }));
  return documentShape({ ...rest, configProperties: properties(schema.configProperties) });
}

/**
 * The change summary of bringing `next` (the new document) into an API that has `stored`: a few ms
 * of comparison at a time, with the requests waiting let in between (thousands of endpoints and
 * schemas compared at once held every other request for half a second).
 */
export async function summarise(stored: Side, next: Side): Promise<ReimportSummary> {
  const giveWay = turns();
  const old = new Map(stored.endpoints.map((e) => [endpointKey(e), e]));
  const now = new Set(next.endpoints.map(endpointKey));
  const namedOf = (side: Side) => side.schemas.filter((s) => side.named.has(s.schemaName));
  const shapes = new Map<SchemaMaster, string>();
  for (const schema of [...namedOf(stored), ...namedOf(next)]) {
    shapes.set(schema, schemaShape(schema));
    await giveWay();
  }
  const summary: ReimportSummary = {
    endpoints: { added: [], removed: [], changed: [] },
    schemas: compareLists(
      namedOf(stored),
      namedOf(next),
      (s) => s.schemaName,
      (s) => shapes.get(s) as string,
    ),
  };
  for (const e of next.endpoints) {
    const was = old.get(endpointKey(e));
    if (!was) summary.endpoints.added.push(ref(e));
    else {
      const change = compareEndpoint(was, e, [stored, next]);
      if (change) summary.endpoints.changed.push(change);
    }
    await giveWay();
  }
  for (const e of stored.endpoints)
    if (!now.has(endpointKey(e)) && !e.isDesigned) summary.endpoints.removed.push(ref(e));
  return summary;
}
