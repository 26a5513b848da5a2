import type { PropertyType, SchemaMaster } from '@sandbox/contracts';
import type { ImportWarnings } from './importWarnings.js';
import type { Json, Located, RefResolver } from './resolveRef.js';

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

export function schemaRef(name: string): string {
  return SCHEMA_REF_PREFIX + name;
}

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
  /** Names an inline schema (once per schema object) and adds it to the catalog. */
  synthesize(view: SchemaView, suggestedName: string, depth: number): SchemaMaster;
}

export function hasComposition(schema: Json): boolean {
  return Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf);
}
