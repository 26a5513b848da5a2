import {
  type DesignHeaderRow,
  type DesignParameterRow,
  designMessages,
  pathParameterNames,
} from '@sandbox/contracts';
import { Invalid } from '../http/errors.js';
import type { ParameterRowRecord, ParameterRowWrite } from './designStore.js';
import { toHeader, toParameter } from './endpointRows.js';
import type { Place, SavedParameter } from './operationEdits.js';

// The Params and Headers forms save the whole list of their rows: a row with `id` changes that row,
// one without is added (or changes the row of its name and place, as the forms always did), a stored
// row left out is removed. A path parameter stays as long as its `{name}` is in the path.

/** The row fields that are the parameter's type and constraints, kept in its `spec` JSON. */
const SPEC_FIELDS = [
  'dataType',
  'defaultValue',
  'minLength',
  'maxLength',
  'format',
  'enumValues',
  'example',
  'minimum',
  'maximum',
  'pattern',
  'itemsType',
] as const;

type IncomingRow = (DesignParameterRow | DesignHeaderRow) & { name: string };

export interface ParameterSave {
  writes: ParameterRowWrite[];
  removed: number[];
  /** For the declared operation: the rows saved and the ones removed. */
  saved: SavedParameter[];
  removedPlaces: { name: string; in: Place }[];
}

const isDesigned = (record: ParameterRowRecord) => JSON.parse(record.spec).isDesigned === true;

/**
 * What saving the form's rows writes. `form` is `params` (path, query and cookie rows) or `headers`;
 * `stored` the endpoint's rows of every place; `path` its template.
 */
export function planParameterSave(
  form: 'params' | 'headers',
  rows: IncomingRow[],
  stored: ParameterRowRecord[],
  path: string,
): ParameterSave {
  const mine = stored.filter((r) => (form === 'headers') === (r.location === 'header'));
  const template = new Set(pathParameterNames(path));
  const keyOf = (place: Place, name: string) => `${place}:${place === 'header' ? name.toLowerCase() : name}`;
  const matched = new Set<ParameterRowRecord>();
  const seen = new Set<string>();
  const writes: ParameterRowWrite[] = [];
  const saved: SavedParameter[] = [];

  for (const [position, row] of rows.entries()) {
    const place: Place = form === 'headers' ? 'header' : (row.parameterType as Place);
    if (place !== 'path' && place !== 'query' && place !== 'cookie' && place !== 'header')
      throw new Invalid(designMessages.parameterLocation);
    const old =
      row.id !== undefined
        ? mine.find((r) => r.id === row.id)
        : mine.find((r) => !matched.has(r) && keyOf(r.location, r.name) === keyOf(place, row.name));
    if (row.id !== undefined && !old) throw new Invalid(`Parameter ${row.id} is not one of this endpoint's`);
    if (old) {
      matched.add(old);
      if ((old.name !== row.name || old.location !== place) && !isDesigned(old))
        throw new Invalid(designMessages.keyReadOnly(old.name));
    }
    const key = keyOf(place, row.name);
    if (seen.has(key))
      throw new Invalid(
        place === 'header'
          ? designMessages.headerDuplicate(row.name)
          : designMessages.parameterDuplicate(place, row.name),
      );
    seen.add(key);
    if (place === 'path' && !template.has(row.name))
      throw new Invalid(designMessages.pathParameterNotInPath(row.name));

    const oldSpec: Record<string, unknown> = old
      ? JSON.parse(old.spec)
      : { dataType: 'string', isDesigned: true };
    const spec = { ...oldSpec };
    for (const field of SPEC_FIELDS) if (row[field] !== undefined) spec[field] = row[field];
    const schemaChanged = SPEC_FIELDS.some((f) => JSON.stringify(spec[f]) !== JSON.stringify(oldSpec[f]));
    const write: ParameterRowWrite = {
      ...(old && { id: old.id }),
      position,
      location: place,
      name: row.name,
      parameter_type: form === 'headers' ? row.parameterType : place,
      description: row.description ?? null,
      is_required: place === 'path' || (row.isRequired ?? Boolean(old?.is_required)) ? 1 : 0,
      spec: JSON.stringify(spec),
      config_parameter_id:
        form === 'params' && 'configParameterId' in row && row.configParameterId !== undefined
          ? row.configParameterId
          : (old?.config_parameter_id ?? null),
    };
    writes.push(write);
    const record = { ...write, id: old?.id ?? 0, endpoint_id: 0 } as ParameterRowRecord;
    saved.push({
      ...(old && {
        before: {
          name: old.name,
          in: old.location,
          description: old.description,
          isRequired: Boolean(old.is_required),
        },
      }),
      row: place === 'header' ? toHeader(record) : toParameter(record),
      in: place,
      schemaChanged: !old || schemaChanged,
    });
  }

  // a path parameter goes with its `{name}` in the path, not with the form
  const left = mine.filter((r) => !matched.has(r));
  const kept = left.filter(
    (r) => r.location === 'path' && template.has(r.name) && !seen.has(keyOf('path', r.name)),
  );
  for (const [i, { endpoint_id: _e, ...r }] of kept.entries())
    writes.push({ ...r, position: rows.length + i });
  const removed = left.filter((r) => !kept.includes(r));
  return {
    writes,
    removed: removed.map((r) => r.id),
    saved,
    removedPlaces: removed.map((r) => ({ name: r.name, in: r.location })),
  };
}
