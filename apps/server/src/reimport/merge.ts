import type {
  BodyProperty,
  DeclaredOperation,
  HeaderConfig,
  ImportedEndpoint,
  KeptEdit,
  ParameterConfig,
  ResponseConfig,
} from '@sandbox/contracts';
import { applyParameterEdits, type ParameterDescriptionEdit } from '@sandbox/engine/model/applyParameterEdit';
import { applyResponseEdit } from '@sandbox/engine/model/applyResponseEdit';
import type { BaselineEndpoint } from '../import/service.js';
import { parameterKey } from '../import/service.js';
import { parameterName } from './diff.js';
import type { StoredEndpoint } from './stored.js';

// The rules of a re-import: the document decides what exists and its shape; what a user set by hand
// on what remains (descriptions, lengths, defaults, auto-generation types, mappings) is carried over,
// and what was designed in the product, which no document has, stays. What was set by hand is told
// by the baseline, what the last import brought: a stored value equal to it follows the document.
// Where a hand edit is kept over a change the document makes to the same field, the re-import says so.

/**
 * What the last import brought of one item. `null`: the API keeps no baseline (imported before one
 * was kept), so every stored value counts as set by hand, as it always did. `undefined`: the last
 * import did not have the item, a user added it; where the document now has it too, the document's wins.
 */
export type Base<T> = T | null | undefined;

/** The base of an item found in a base list, keeping `null` (no baseline) apart from `undefined` (absent). */
export function baseIn<T>(list: Base<T[]>, match: (item: T) => boolean): Base<T> {
  return list === null ? null : list?.find(match);
}

/** Absent, null and empty are one value; the rest compared as JSON. */
const same = (a: unknown, b: unknown) => {
  const plain = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
};

/** Told of each field whose value set by hand is kept over the document's change of it. */
export type KeptOver<T> = (field: keyof T) => void;

/** Keeps the stored value of each field the user may have set, while the new one is of the same type. */
export function keepSet<T extends object>(next: T, stored: T, fields: (keyof T)[], kept?: KeptOver<T>): T {
  const merged = { ...next };
  for (const field of fields) {
    const value = stored[field];
    if (value === undefined || value === null || value === '') continue;
    merged[field] = value;
    if (!same(value, next[field])) kept?.(field);
  }
  return merged;
}

/**
 * A three-way merge of the fields a user may set: the stored value where it differs from what the
 * last import brought (a hand edit), the document's where it does not.
 */
export function keepEdited<T extends object>(
  next: T,
  stored: T,
  base: Base<T>,
  fields: (keyof T)[],
  kept?: KeptOver<T>,
): T {
  if (base === null) return keepSet(next, stored, fields, kept);
  if (base === undefined) return next;
  const merged = { ...next };
  for (const field of fields) {
    if (same(stored[field], base[field])) continue;
    merged[field] = stored[field];
    // the document changed the field too, and not to the user's value: the edit wins over a change
    if (!same(next[field], base[field]) && !same(next[field], stored[field])) kept?.(field);
  }
  return merged;
}

const PROPERTY_SET_BY_HAND: (keyof BodyProperty)[] = [
  'minLength',
  'maxLength',
  'defaultValue',
  'autoGenerationType',
];

/** Told of a property's field kept as set by hand: the property by its keys from the top (`author.name`). */
export type PropertyKept = (key: string, field: keyof BodyProperty) => void;

/** The document's property tree with the stored ids and hand-set fields of the properties that remain. */
export function mergeProperties(
  stored: BodyProperty[],
  next: BodyProperty[],
  base: Base<BodyProperty[]> = null,
  kept?: PropertyKept,
): BodyProperty[] {
  const added = stored.filter((s) => s.isDesigned && !next.some((p) => p.jsonKey === s.jsonKey));
  return [...fromDocument(stored, next, base, kept), ...added];
}

function fromDocument(
  stored: BodyProperty[],
  next: BodyProperty[],
  base: Base<BodyProperty[]>,
  kept: PropertyKept | undefined,
): BodyProperty[] {
  return next.map((property) => {
    const was = stored.find((s) => s.jsonKey === property.jsonKey);
    if (!was) return property;
    const baseProperty = baseIn(base, (b) => b.jsonKey === property.jsonKey);
    const keptHere = kept && ((field: keyof BodyProperty) => kept(property.jsonKey, field));
    let merged: BodyProperty = { ...property, id: was.id };
    merged = keepEdited(merged, was, baseProperty, ['description'], keptHere);
    // a length or an automatic value no longer fits a property the document gave another type
    if (was.jsonKeyType === property.jsonKeyType)
      merged = keepEdited(merged, was, baseProperty, PROPERTY_SET_BY_HAND, keptHere);
    if (property.configProperties?.length || was.configProperties?.length)
      merged.configProperties = mergeProperties(
        was.configProperties ?? [],
        property.configProperties ?? [],
        baseProperty === null ? null : baseProperty && (baseProperty.configProperties ?? []),
        kept && ((key, field) => kept(`${property.jsonKey}.${key}`, field)),
      );
    return merged;
  });
}

function mergeParameter<T extends ParameterConfig | HeaderConfig>(
  next: T,
  stored: T | undefined,
  base: Base<T>,
  kept: KeptOver<T>,
): T {
  if (!stored) return next;
  let merged = keepEdited(next, stored, base, ['description'] as (keyof T)[], kept);
  if (stored.dataType === next.dataType)
    merged = keepEdited(
      merged,
      stored,
      base,
      ['defaultValue', 'minLength', 'maxLength'] as (keyof T)[],
      kept,
    );
  return merged;
}

/** The document's endpoint with the hand-set fields of the stored one, and its declared operation so written. */
export function mergeEndpoint(
  next: ImportedEndpoint,
  stored: StoredEndpoint | undefined,
  propertyIds: Set<number>,
  base: Base<BaselineEndpoint>,
) {
  const baseRows: Base<(ParameterConfig | HeaderConfig)[]> = base && [
    ...base.parameterConfigList,
    ...base.headerConfigList,
  ];
  const baseRow = <T extends ParameterConfig | HeaderConfig>(row: T | undefined) =>
    row && (baseIn(baseRows, (b) => parameterKey(b) === parameterKey(row)) as Base<T>);
  const storedParameters = new Map<string, ParameterConfig | HeaderConfig>(
    [...(stored?.parameterConfigList ?? []), ...(stored?.headerConfigList ?? [])].map((p) => [
      parameterKey(p),
      p,
    ]),
  );
  const validMapping = (id: number | null | undefined) => (id && propertyIds.has(id) ? id : null);
  // a template parameter renamed (`{id}` → `{hootId}`) is the one at the same place in the path
  const templateNames = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const storedTemplate = stored ? templateNames(stored.apiEndPoint) : [];
  const nextTemplate = templateNames(next.apiEndPoint);
  const storedPathParameter = (name: string) => {
    const at = nextTemplate.indexOf(name);
    return at >= 0 && storedTemplate[at] !== undefined
      ? storedParameters.get(`path ${storedTemplate[at]}`)
      : undefined;
  };
  const place = `${next.methodType} ${next.apiEndPoint}`;
  const keptEdits: KeptEdit[] = [];
  const keptOn =
    (part: string) =>
    (field: PropertyKey): void => {
      keptEdits.push({ place, part, field: field as KeptEdit['field'] });
    };
  const parameters = next.parameterConfigList.map((p) => {
    const was = (storedParameters.get(parameterKey(p)) ??
      (p.parameterType === 'path' ? storedPathParameter(p.keyName) : undefined)) as
      | ParameterConfig
      | undefined;
    const merged = mergeParameter(p, was, baseRow(was), keptOn(parameterName(p)));
    // a mapping to a body property the document removed has nothing left to point at
    return { ...merged, configParameterId: validMapping(was?.configParameterId) };
  });
  const headers = next.headerConfigList.map((h) => {
    const was = storedParameters.get(parameterKey(h)) as HeaderConfig | undefined;
    return {
      ...mergeParameter(h, was, baseRow(was), keptOn(parameterName(h))),
      parameterType: was?.parameterType ?? h.parameterType,
    };
  });
  // rows added in the product that the document does not have stay, as their declared parameters
  const nextKeys = new Set([...next.parameterConfigList, ...next.headerConfigList].map(parameterKey));
  const designedRows = [...storedParameters.values()].filter(
    // path parameters are the template's: one the path no longer has is gone
    (p) => p.isDesigned && !nextKeys.has(parameterKey(p)) && !('keyName' in p && p.parameterType === 'path'),
  );
  for (const row of designedRows) {
    if ('headerKey' in row) headers.push(row);
    else parameters.push({ ...row, configParameterId: validMapping(row.configParameterId) });
  }
  const storedResponses = new Map((stored?.responseConfigList ?? []).map((r) => [r.responseCode, r]));
  const responses: ResponseConfig[] = next.responseConfigList.map((r) => {
    const was = storedResponses.get(r.responseCode);
    const baseResponse = baseIn(
      base === null ? null : base?.responseConfigList,
      (b) => b.responseCode === r.responseCode,
    );
    const kept = keptOn(`response ${r.responseCode}`);
    return was ? keepEdited(r, was, baseResponse, ['responseDescription'], () => kept('description')) : r;
  });
  // a response a user added, which the last import did not bring, stays when the document lacks it
  const nextCodes = new Set(next.responseConfigList.map((r) => r.responseCode));
  const addedResponses = [...storedResponses.values()].filter(
    (r) => (r as { isDesigned?: boolean }).isDesigned && !nextCodes.has(r.responseCode),
  );
  responses.push(...addedResponses);

  let operation = next.operationJson;
  if (stored) {
    let declared = JSON.parse(operation) as DeclaredOperation;
    const edits: ParameterDescriptionEdit[] = [
      ...parameters.map((p) => ({ name: p.keyName, kind: 'parameter' as const, description: p.description })),
      ...headers.map((h) => ({ name: h.headerKey, kind: 'header' as const, description: h.description })),
    ].filter((edit) => edit.description);
    declared = applyParameterEdits(declared, edits);
    const storedOperation = JSON.parse(stored.row.operation) as DeclaredOperation;
    for (const row of designedRows) {
      const name = 'headerKey' in row ? row.headerKey : row.keyName;
      const place = 'headerKey' in row ? 'header' : row.parameterType;
      const written = storedOperation.parameters.find((p) => p.in === place && p.name === name);
      if (written && !declared.parameters.some((p) => p.in === place && p.name === name))
        declared.parameters.push(written);
    }
    for (const r of addedResponses) {
      const written = storedOperation.responses[r.responseCode];
      if (written) declared.responses = { ...declared.responses, [r.responseCode]: written };
      else
        declared = applyResponseEdit(declared, { code: r.responseCode, description: r.responseDescription });
    }
    for (const r of responses) {
      const original = next.responseConfigList.find((n) => n.responseCode === r.responseCode);
      if (original && original.responseDescription !== r.responseDescription)
        declared = applyResponseEdit(declared, { code: r.responseCode, description: r.responseDescription });
    }
    operation = JSON.stringify(declared);
  }
  return {
    summary: stored?.row.summary || next.summary,
    parameters,
    headers,
    responses,
    operation,
    behaviour: stored?.row.behaviour ?? (next.behaviour ? JSON.stringify(next.behaviour) : null),
    keptEdits,
  };
}
