import type {
  BodyProperty,
  DeclaredOperation,
  DeclaredSchemas,
  HeaderConfig,
  ImportedEndpoint,
  ParameterConfig,
} from '@sandbox/contracts';
import { applyFormEdit } from '@sandbox/engine/model/applyFormEdit';
import { turns } from '@sandbox/engine/shared/giveWay';
import { type Place, removeResponse, writeParameters } from '../apis/service.js';
import {
  type BaselineEndpoint,
  baselineEndpoint,
  endpointKey,
  type ImportedWithBaseline,
  parameterKey,
  storedBaselineOf,
} from '../import/service.js';
import { documentShape } from './diff.js';
import type { StoredApi, StoredEndpoint } from './stored.js';

// What a user removed by hand stays removed, as a three-way merge keeps a change made on one side
// only: a parameter, header, response or body property the last import brought, which the API no
// longer has, is left out of a document that brings it unchanged. One the document changed comes
// back. Path parameters are the path's: they come and go with it, never by hand.

/** What the document decides of an item: examples are the document's to give, ids the catalog's. */
const BROUGHT = new Set(['id', 'example']);

/** The items of `next` a user removed by hand: brought by the last import as they are now, gone from the API. */
function removedByHand<T>(next: T[], stored: T[], base: T[], keyOf: (item: T) => string): T[] {
  const kept = new Set(stored.map(keyOf));
  const brought = new Map(base.map((item) => [keyOf(item), item]));
  return next.filter((item) => {
    const was = brought.get(keyOf(item));
    return (
      !kept.has(keyOf(item)) &&
      was !== undefined &&
      documentShape(was, BROUGHT) === documentShape(item, BROUGHT)
    );
  });
}

type Row = ParameterConfig | HeaderConfig;
const isPathParameter = (row: Row) => 'keyName' in row && row.parameterType === 'path';

/** The document's endpoint less the rows and responses removed by hand, in its operation too. */
function endpointWithoutRemovals(
  next: ImportedEndpoint,
  stored: StoredEndpoint,
  base: BaselineEndpoint,
): ImportedEndpoint {
  const rows = removedByHand<Row>(
    [...next.parameterConfigList, ...next.headerConfigList].filter((row) => !isPathParameter(row)),
    [...stored.parameterConfigList, ...stored.headerConfigList],
    [...base.parameterConfigList, ...base.headerConfigList],
    parameterKey,
  );
  const responses = removedByHand(
    next.responseConfigList,
    stored.responseConfigList,
    base.responseConfigList,
    (r) => r.responseCode,
  );
  if (rows.length + responses.length === 0) return next;
  let operation = writeParameters(
    JSON.parse(next.operationJson) as DeclaredOperation,
    [],
    rows.map((row) =>
      'headerKey' in row
        ? { name: row.headerKey, in: 'header' }
        : { name: row.keyName, in: row.parameterType as Place },
    ),
  );
  for (const r of responses) operation = removeResponse(operation, r.responseCode);
  return {
    ...next,
    parameterConfigList: next.parameterConfigList.filter((p) => !rows.includes(p)),
    headerConfigList: next.headerConfigList.filter((h) => !rows.includes(h)),
    responseConfigList: next.responseConfigList.filter((r) => !responses.includes(r)),
    operationJson: JSON.stringify(operation),
  };
}

/** The document's properties less those removed by hand, at every level; the same array when none is. */
function propertiesWithoutRemovals(
  next: BodyProperty[],
  stored: BodyProperty[],
  base: BodyProperty[],
): BodyProperty[] {
  const removed = removedByHand(next, stored, base, (p) => p.jsonKey);
  const kept = next
    .filter((p) => !removed.includes(p))
    .map((property) => {
      const was = stored.find((s) => s.jsonKey === property.jsonKey);
      const brought = base.find((b) => b.jsonKey === property.jsonKey);
      if (!property.configProperties?.length || !was?.configProperties || !brought?.configProperties)
        return property;
      const children = propertiesWithoutRemovals(
        property.configProperties,
        was.configProperties,
        brought.configProperties,
      );
      return children === property.configProperties ? property : { ...property, configProperties: children };
    });
  return kept.length === next.length && kept.every((p, i) => p === next[i]) ? next : kept;
}

/**
 * The document to apply to the API: `imported` less what a user removed by hand since the last import
 * and the document did not change, in its rows and in its model. The baseline it leaves for the next
 * re-import is the whole document's: what was removed stays told apart from what is new.
 */
export async function keepRemovals(
  stored: StoredApi,
  imported: ImportedWithBaseline,
): Promise<ImportedWithBaseline> {
  const { baseline } = stored;
  if (!baseline) return imported;
  const giveWay = turns();
  let removed = false;
  const storedEndpoints = new Map(stored.endpoints.map((e) => [endpointKey(e), e]));
  const endpoints = [];
  for (const next of imported.endpoints) {
    await giveWay();
    const was = storedEndpoints.get(endpointKey(next));
    const base = was && baselineEndpoint(baseline, next);
    const kept = was && base ? endpointWithoutRemovals(next, was, base) : next;
    removed ||= kept !== next;
    endpoints.push(kept);
  }
  const storedSchemas = new Map(stored.schemas.map((s) => [s.schemaName, s]));
  const baseSchemas = new Map(baseline.schemas.map((s) => [s.schemaName, s]));
  // the model, read once a property is found removed
  let declared: DeclaredSchemas | null = null;
  const schemas = [];
  for (const next of imported.schemas) {
    await giveWay();
    const was = storedSchemas.get(next.schemaName);
    const base = baseSchemas.get(next.schemaName);
    const properties =
      was && base
        ? propertiesWithoutRemovals(next.configProperties, was.configProperties, base.configProperties)
        : next.configProperties;
    if (properties === next.configProperties) {
      schemas.push(next);
      continue;
    }
    removed = true;
    schemas.push({ ...next, configProperties: properties });
    if (!imported.declaredSchemasJson) continue;
    declared ??= JSON.parse(imported.declaredSchemasJson) as DeclaredSchemas;
    if (Object.hasOwn(declared, next.schemaName))
      declared[next.schemaName] = applyFormEdit(
        declared[next.schemaName],
        next.configProperties,
        properties,
        new Set(Object.keys(declared)),
      );
  }
  if (!removed) return imported;
  return {
    ...imported,
    endpoints,
    schemas,
    ...(declared && { declaredSchemasJson: JSON.stringify(declared) }),
    storedBaseline: storedBaselineOf(imported),
  };
}
