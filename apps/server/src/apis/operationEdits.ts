import type { DeclaredOperation, DeclaredParameter, HeaderConfig, ParameterConfig } from '@sandbox/contracts';
import { constraintsOf, refTo, type SchemaObject } from '@sandbox/engine/model/toSchemaObjects';
import type { PathParameterChanges } from './pathParameters.js';

// An endpoint answers from its declared operation (its document's, or the one it was designed with):
// what a design call changes of the endpoint's rows is written there too, and everything else of the
// operation stays as written.

export type Place = 'path' | 'query' | 'cookie' | 'header';

/** A parameter row as saved, with what it was called before (to find it in the operation). */
export interface SavedParameter {
  before?: { name: string; in: Place; description: string | null; isRequired: boolean };
  row: ParameterConfig | HeaderConfig;
  in: Place;
  /** The row's type or constraints changed: its schema is written anew from them. */
  schemaChanged: boolean;
}

const nameOf = (row: ParameterConfig | HeaderConfig) => ('headerKey' in row ? row.headerKey : row.keyName);

// the catalog keeps a cookie parameter among the query rows: a query row may stand for a cookie
const samePlace = (p: DeclaredParameter, name: string, place: Place) =>
  (p.in === place || (place === 'query' && p.in === 'cookie')) &&
  (place === 'header' ? p.name.toLowerCase() === name.toLowerCase() : p.name === name);

/** The schema of a parameter row, as the export of a catalog writes it. */
export function parameterSchema(row: ParameterConfig | HeaderConfig): SchemaObject {
  const schema: SchemaObject = { type: row.dataType, ...constraintsOf(row, row.dataType) };
  if (row.dataType === 'array')
    schema.items = 'itemsType' in row && row.itemsType ? { type: row.itemsType } : {};
  return schema;
}

function declaredParameter(saved: SavedParameter): DeclaredParameter {
  const parameter: DeclaredParameter = {
    name: nameOf(saved.row),
    in: saved.in,
    required: saved.in === 'path' || saved.row.isRequired,
    schema: parameterSchema(saved.row),
  };
  if (saved.row.description) parameter.description = saved.row.description;
  return parameter;
}

/**
 * The operation with the saved rows written: each found where it was (renamed, moved, its
 * description, required flag and, when changed, schema written), the `removed` ones dropped, new
 * ones added at the end. Parameters no row stands for (cookies, say) stay.
 */
export function writeParameters(
  operation: DeclaredOperation,
  saved: SavedParameter[],
  removed: { name: string; in: Place }[],
): DeclaredOperation {
  const edited = structuredClone(operation);
  const placed = new Set<SavedParameter>();
  edited.parameters = edited.parameters.flatMap((parameter) => {
    if (removed.some((r) => samePlace(parameter, r.name, r.in))) return [];
    const match = saved.find((s) => s.before && samePlace(parameter, s.before.name, s.before.in));
    if (!match) return [parameter];
    placed.add(match);
    const before = match.before as NonNullable<SavedParameter['before']>;
    const moved = match.in !== before.in;
    const written: DeclaredParameter = {
      ...parameter,
      name: nameOf(match.row),
      in: moved ? match.in : parameter.in,
    };
    // only what the save changed is written: the rest stays as the document wrote it
    if (match.in === 'path') {
      if (before.in !== 'path') written.required = true;
    } else if (match.row.isRequired !== before.isRequired || before.in === 'path') {
      if (match.row.isRequired) written.required = true;
      else delete written.required;
    }
    if ((match.row.description ?? '') !== (before.description ?? '')) {
      if (match.row.description) written.description = match.row.description;
      else delete written.description;
    }
    if (match.schemaChanged) {
      written.schema = parameterSchema(match.row);
      delete written.content;
    }
    return [written];
  });
  // a row the operation does not declare (one a user added, a path parameter only the template named)
  for (const s of saved) if (!placed.has(s)) edited.parameters.push(declaredParameter(s));
  return edited;
}

/** The operation's path parameters renamed, removed and added as its template changed. */
export function writePathChanges(
  operation: DeclaredOperation,
  changes: PathParameterChanges,
): DeclaredOperation {
  const edited = structuredClone(operation);
  edited.parameters = edited.parameters.flatMap((parameter) => {
    if (parameter.in !== 'path') return [parameter];
    if (changes.removed.includes(parameter.name)) return [];
    const renamed = changes.renamed.find(([from]) => from === parameter.name);
    return [renamed ? { ...parameter, name: renamed[1] } : parameter];
  });
  for (const name of changes.added)
    edited.parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  return edited;
}

/** The operation's tag and summary as the endpoint's. */
export function writeSummary(
  operation: DeclaredOperation,
  tag: string,
  summary: string | null,
): DeclaredOperation {
  const edited = structuredClone(operation);
  edited.tags = [tag];
  if (summary) edited.summary = summary;
  else delete edited.summary;
  return edited;
}

/** The operation's request body: the named schema in one media type (examples of it kept), or none. */
export function writeRequestBody(
  operation: DeclaredOperation,
  body: { schemaName: string; contentType: string; isRequired: boolean } | null,
): DeclaredOperation {
  const edited = structuredClone(operation);
  if (body === null) {
    delete edited.requestBody;
    return edited;
  }
  // as the store does: a single media type is replaced, one of several is changed beside the others
  const content = edited.requestBody?.content ?? {};
  const others = Object.keys(content).length === 1 ? {} : content;
  const media = content[body.contentType] ?? {};
  edited.requestBody = {
    ...(edited.requestBody?.description && { description: edited.requestBody.description }),
    required: body.isRequired,
    content: { ...others, [body.contentType]: { ...media, schema: refTo(body.schemaName) } },
  };
  return edited;
}

/** The operation without the response of that code. */
export function removeResponse(operation: DeclaredOperation, code: string): DeclaredOperation {
  const edited = structuredClone(operation);
  edited.responses = Object.fromEntries(
    Object.entries(edited.responses).filter(([key]) => key.toUpperCase() !== code.toUpperCase()),
  );
  return edited;
}
