import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import type {
  BodyProperty,
  HeaderConfig,
  ImportedApi,
  ImportedEndpoint,
  ParameterConfig,
  SchemaMaster,
} from '@sandbox/contracts';
import type { Sliced } from '@sandbox/engine/import/slicedImport';
import { turns } from '@sandbox/engine/shared/giveWay';

/** Method and path with template parameters unnamed: `/pets/{id}` and `/pets/{petId}` are one endpoint. */
export function endpointKey(e: { methodType: string; apiEndPoint: string }): string {
  return `${e.methodType.toUpperCase()} ${e.apiEndPoint.replace(/\{[^}]*\}/g, '{}')}`;
}

/** A parameter's name as the summary says it: `query limit`, `header X-Request-Id` (case-insensitive). */
export function parameterKey(p: ParameterConfig | HeaderConfig): string {
  return 'headerKey' in p ? `header ${p.headerKey.toLowerCase()}` : `${p.parameterType} ${p.keyName}`;
}

// What the last import (the first one or a re-import) of an API brought, as the catalog values a
// re-import compares: a stored value equal to it was not edited by hand and follows the document; an
// endpoint, row, response, schema or property it lacks was added by hand.

/** One endpoint as the last import brought it: its parameters, headers and responses. */
export type BaselineEndpoint = Pick<
  ImportedEndpoint,
  'methodType' | 'apiEndPoint' | 'parameterConfigList' | 'headerConfigList' | 'responseConfigList'
>;

export interface ImportBaseline {
  endpoints: BaselineEndpoint[];
  schemas: SchemaMaster[];
}

/** An import's result, with its baseline as stored when the import worker already made it. */
export type ImportedWithBaseline = ImportedApi & { storedBaseline?: string };

const GZIPPED = 'gzip:';
const gunzipped = promisify(gunzip);

/**
 * The baseline of an imported document as stored in `api_masters.import_baseline`: its JSON gzipped,
 * in base64. A large document's baseline is megabytes of JSON that shrink twenty-fold and more: the
 * database writes (and rewrites with every change of the API's row) a few pages, not a thousand,
 * while every request waits. The import worker makes it, off the event loop.
 */
export function encodeBaseline(imported: Pick<ImportedApi, 'endpoints' | 'schemas'>): string {
  const baseline: ImportBaseline = {
    endpoints: imported.endpoints.map((e) => ({
      methodType: e.methodType,
      apiEndPoint: e.apiEndPoint,
      parameterConfigList: e.parameterConfigList,
      headerConfigList: e.headerConfigList,
      // examples are the document's to give, never edited in the catalog: no need to keep them
      responseConfigList: e.responseConfigList.map(({ example: _e, ...r }) => r),
    })),
    schemas: imported.schemas.map(({ example: _e, ...s }) => s),
  };
  return GZIPPED + gzipSync(JSON.stringify(baseline)).toString('base64');
}

/** The stored baseline of an import: the worker's, else made here (an import read on this thread). */
export function storedBaselineOf(
  imported: Pick<ImportedWithBaseline, 'storedBaseline'> & {
    endpoints: Sliced<ImportedEndpoint>;
    schemas: Sliced<SchemaMaster>;
  },
): string {
  const { storedBaseline, endpoints, schemas } = imported;
  return (
    storedBaseline ??
    encodeBaseline({
      endpoints: endpoints.slice(0, endpoints.length),
      schemas: schemas.slice(0, schemas.length),
    })
  );
}

/** A stored baseline read back: gzipped, or plain JSON as baselines were stored before. */
export async function parseBaseline(stored: string | null): Promise<ImportBaseline | null> {
  if (!stored) return null;
  const json = stored.startsWith(GZIPPED)
    ? (await gunzipped(Buffer.from(stored.slice(GZIPPED.length), 'base64'))).toString('utf8')
    : stored;
  return JSON.parse(json) as ImportBaseline;
}

// an API of a thousand endpoints is looked up a thousand times a re-import: by key, not by a scan
const indexes = new WeakMap<ImportBaseline, Map<string, BaselineEndpoint>>();

export function baselineEndpoint(
  baseline: ImportBaseline,
  e: { methodType: string; apiEndPoint: string },
): BaselineEndpoint | undefined {
  let index = indexes.get(baseline);
  if (!index) {
    index = new Map(baseline.endpoints.map((b) => [endpointKey(b), b]));
    indexes.set(baseline, index);
  }
  return index.get(endpointKey(e));
}

type Markable = { isDesigned?: boolean };

/** A stored side's parts. */
interface StoredParts {
  endpoints: (Markable & Pick<BaselineEndpoint, 'methodType' | 'apiEndPoint'> & BaselineEndpoint)[];
  schemas: SchemaMaster[];
}

function markProperties(stored: BodyProperty[], base: BodyProperty[] | undefined): void {
  for (const p of stored) {
    const was = base?.find((b) => b.jsonKey === p.jsonKey);
    if (!was) p.isDesigned = true;
    if (p.configProperties?.length) markProperties(p.configProperties, was?.configProperties ?? []);
  }
}

/**
 * Marks what the stored API has and the last import did not bring as added by hand, as what was
 * designed in the product is: a document without it does not remove it.
 */
export async function markHandAdded(stored: StoredParts, baseline: ImportBaseline): Promise<void> {
  const giveWay = turns();
  for (const e of stored.endpoints) {
    await giveWay();
    const base = baselineEndpoint(baseline, e);
    if (!base) {
      e.isDesigned = true;
      continue;
    }
    const rows = new Set([...base.parameterConfigList, ...base.headerConfigList].map(parameterKey));
    for (const p of [...e.parameterConfigList, ...e.headerConfigList])
      if (!rows.has(parameterKey(p))) p.isDesigned = true;
    const codes = new Set(base.responseConfigList.map((r) => r.responseCode));
    for (const r of e.responseConfigList) if (!codes.has(r.responseCode)) (r as Markable).isDesigned = true;
  }
  const baseSchemas = new Map(baseline.schemas.map((b) => [b.schemaName, b]));
  for (const s of stored.schemas) {
    await giveWay();
    const base = baseSchemas.get(s.schemaName);
    if (!base) s.isDesigned = true;
    markProperties(s.configProperties, base?.configProperties ?? []);
  }
}
