import { refuseDeepNesting } from './ImportError.js';
import { childPointer } from './pointer.js';
import { isObject, type Json, type Located, type RefResolver } from './resolveRef.js';

/** The properties of an object schema once `allOf` is merged: the parts first, its own last. */
export interface SchemaShape {
  properties: Map<string, Located>;
  required: Set<string>;
  composition: { kind: 'oneOf' | 'anyOf'; alternatives: Located[] } | null;
}

export function collectShape(
  schema: Json,
  pointer: string,
  resolver: RefResolver,
  depth: number,
): SchemaShape {
  const shape: SchemaShape = { properties: new Map(), required: new Set(), composition: null };
  const visited = new Set<Json>();
  const visit = (part: Json, at: string, level: number): void => {
    refuseDeepNesting(level, at);
    // allOf cycles (A allOf B, B allOf A) merge each part once
    if (visited.has(part)) return;
    visited.add(part);
    if ('$ref' in part) {
      const target = resolver.lookup(part.$ref, at);
      if (isObject(target.value)) visit(target.value, target.pointer, level + 1);
    }
    if (Array.isArray(part.allOf)) {
      part.allOf.forEach((item, index) => {
        if (isObject(item)) visit(item, childPointer(at, 'allOf', index), level + 1);
      });
    }
    addProperties(shape, part, at, resolver);
    if (shape.composition) return;
    for (const kind of ['oneOf', 'anyOf'] as const) {
      const alternatives = part[kind];
      if (!Array.isArray(alternatives)) continue;
      shape.composition = {
        kind,
        alternatives: alternatives.map((value, index) => ({ value, pointer: childPointer(at, kind, index) })),
      };
      return;
    }
  };
  visit(schema, pointer, depth);
  return shape;
}

function addProperties(shape: SchemaShape, part: Json, at: string, resolver: RefResolver): void {
  const { properties, required } = part;
  if (properties !== undefined) {
    if (!isObject(properties)) {
      resolver.warnings.add(
        childPointer(at, 'properties'),
        'The properties of a schema must be an object: they are left out of the catalog',
      );
    } else {
      for (const [key, value] of Object.entries(properties)) {
        shape.properties.set(key, { value, pointer: childPointer(at, 'properties', key) });
      }
    }
  }
  if (Array.isArray(required)) {
    for (const key of required) if (typeof key === 'string') shape.required.add(key);
  }
}
