import type { BodyProperty, PropertyType, SchemaMaster } from '@sandbox/contracts';
import type { ImportWarnings } from './importWarnings.js';
import { childPointer } from './pointer.js';
import { isObject, type Json, type Located, type RefResolver } from './resolveRef.js';

/** A schema as the converter sees it: a named component, or an inline schema, possibly nullable. */
export interface SchemaView {
  /** The component it refers to; `schema` is then the referring object (its description, default). */
  named: string | null;
  schema: Json;
  pointer: string;
  nullable: boolean;
}

/** What property conversion needs from the catalog of named schemas. */
export interface SchemaContext {
  readonly resolver: RefResolver;
  readonly warnings: ImportWarnings;
  view(located: Located): SchemaView;
  typeOfComponent(name: string): PropertyType;
  /**
   * The properties `list` makes of the inline object `view`, or none, with a warning, when `view` is
   * already being expanded: a reference back into a schema it is part of, which would never end.
   */
  propertiesOf(view: SchemaView, list: () => BodyProperty[]): BodyProperty[];
  /** Names an inline schema (once per schema object) and adds it to the catalog. */
  synthesize(view: SchemaView, suggestedName: string, depth: number): SchemaMaster;
}

export function hasComposition(schema: Json): boolean {
  return Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf);
}

/**
 * A schema is an object; `true` (anything) reads as `{}`. Anything else (`false`, a string) is named in
 * a warning and read as `{}` too: the catalog has no way to show it.
 */
export function readableSchema({ value, pointer }: Located, warnings: ImportWarnings): Json {
  if (value === true) return {};
  if (isObject(value)) return value;
  warnings.add(pointer, 'A schema must be an object or true: this one is shown as accepting any value');
  return {};
}

/**
 * The tuple form of `items` (a list of schemas, one per position; `prefixItems` in 2020-12): the API
 * keeps it as declared, but the catalog shows one item type, so it shows none.
 */
export function isTuple(items: unknown, pointer: string, warnings: ImportWarnings): boolean {
  if (!Array.isArray(items)) return false;
  warnings.add(
    childPointer(pointer, 'items'),
    'The tuple form of items (one schema per position) is kept as declared but shown as a list of any values',
  );
  return true;
}
