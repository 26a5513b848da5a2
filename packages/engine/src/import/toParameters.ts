import type { HeaderConfig, ParameterConfig } from '@sandbox/contracts';
import { childPointer } from './pointer.js';
import { impliedType, readConstraints } from './readConstraints.js';
import { readExample } from './readExample.js';
import { isObject, type Json, type Located, type RefResolver } from './resolveRef.js';
import { isTuple } from './schemaContext.js';
import type { SchemaCatalog } from './toSchemas.js';

export interface LocatedParameter {
  value: Json & { name: string; in: string };
  pointer: string;
}

// OpenAPI: header parameters with these names "SHALL be ignored"; the sandbox has its own auth.
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** Path-level parameters first; an operation's own parameter replaces the one of the same name and place. */
export function mergeParameters(lists: Located[], resolver: RefResolver): LocatedParameter[] {
  const merged = new Map<string, LocatedParameter>();
  for (const { value: list, pointer } of lists) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      resolver.warnings.add(pointer, 'The parameters must be a list: they are left out');
      continue;
    }
    list.forEach((item, index) => {
      const parameter = resolver.followObject(
        { value: item, pointer: childPointer(pointer, index) },
        'A parameter',
      );
      const { name, in: location } = parameter.value;
      if (typeof name !== 'string' || typeof location !== 'string') {
        resolver.warnings.add(parameter.pointer, 'A parameter needs a name and a place (in): it is left out');
        return;
      }
      merged.set(`${location}:${name}`, parameter as LocatedParameter);
    });
  }
  return [...merged.values()];
}

export function toParameterConfig(parameter: LocatedParameter, catalog: SchemaCatalog, swagger2: boolean) {
  const { name, in: location } = parameter.value;
  const { schema, type, constraints, example } = readParameter(parameter, catalog, swagger2, true);
  const config: ParameterConfig = {
    keyName: name,
    parameterType: location === 'path' ? 'path' : 'query',
    description: describe(parameter.value),
    // OpenAPI: a path parameter is always required
    isRequired: location === 'path' || parameter.value.required === true,
    dataType: type,
  };
  const { description: _description, example: _example, ...rest } = constraints;
  Object.assign(config, rest);
  if (example !== undefined) config.example = example;
  const itemsPointer = swagger2 ? parameter.pointer : childPointer(parameter.pointer, 'schema');
  if (
    type === 'array' &&
    schema.items !== undefined &&
    !isTuple(schema.items, itemsPointer, catalog.warnings)
  ) {
    const items = catalog.inlineView({ value: schema.items, pointer: parameter.pointer });
    config.itemsType = impliedType(items.schema, 'string');
  }
  return config;
}

export function toHeaderConfig(parameter: LocatedParameter, catalog: SchemaCatalog, swagger2: boolean) {
  const { type, constraints, example } = readParameter(parameter, catalog, swagger2, false);
  const header: HeaderConfig = {
    headerKey: parameter.value.name,
    parameterType: 'header',
    description: describe(parameter.value),
    isRequired: parameter.value.required === true,
    dataType: type,
  };
  const { defaultValue, format, enumValues } = constraints;
  if (defaultValue !== undefined) header.defaultValue = defaultValue;
  if (format !== undefined) header.format = format;
  if (enumValues !== undefined) header.enumValues = enumValues;
  if (example !== undefined) header.example = example;
  return header;
}

export function isIgnoredHeader(parameter: LocatedParameter): boolean {
  return IGNORED_HEADERS.has(parameter.value.name.toLowerCase());
}

function describe(parameter: Json): string | null {
  return typeof parameter.description === 'string' ? parameter.description : null;
}

/**
 * Swagger 2 writes the type on the parameter itself; OpenAPI 3 in `schema` (or in `content`).
 * Headers keep no pattern, so theirs is not read (nor warned about).
 */
function readParameter(
  parameter: LocatedParameter,
  catalog: SchemaCatalog,
  swagger2: boolean,
  keepsPattern: boolean,
) {
  const located = swagger2 ? parameter : parameterSchema(parameter);
  const view = located ? catalog.inlineView(located) : null;
  const schema: Json = view?.schema ?? {};
  const type = impliedType(schema, 'string');
  const place = view && keepsPattern ? { pointer: view.pointer, warnings: catalog.warnings } : undefined;
  const constraints = readConstraints(schema, type, place);
  const own = readExample(parameter.value, parameter.pointer, catalog.resolver);
  return { schema, type, constraints, example: own !== undefined ? own : constraints.example };
}

function parameterSchema(parameter: LocatedParameter): Located | null {
  const { schema, content } = parameter.value;
  if (schema !== undefined) return { value: schema, pointer: childPointer(parameter.pointer, 'schema') };
  if (!isObject(content)) return null;
  const [first] = Object.entries(content);
  if (!first || !isObject(first[1]) || first[1].schema === undefined) return null;
  return { value: first[1].schema, pointer: childPointer(parameter.pointer, 'content', first[0], 'schema') };
}
