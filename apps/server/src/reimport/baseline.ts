import type { BodyProperty, ImportedApi, ImportedEndpoint, SchemaMaster } from '@sandbox/contracts';
import { endpointKey, parameterKey } from './diff.js';

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

/** The baseline of an imported document, as stored in `api_masters.import_baseline`. */
export function baselineOf(imported: ImportedApi): string {
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
  return JSON.stringify(baseline);
}

export function parseBaseline(json: string | null): ImportBaseline | null {
  return json ? (JSON.parse(json) as ImportBaseline) : null;
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
export function markHandAdded(stored: StoredParts, baseline: ImportBaseline): void {
  for (const e of stored.endpoints) {
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
  for (const s of stored.schemas) {
    const base = baseline.schemas.find((b) => b.schemaName === s.schemaName);
    if (!base) s.isDesigned = true;
    markProperties(s.configProperties, base?.configProperties ?? []);
  }
}
