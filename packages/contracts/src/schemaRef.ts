// The one spelling of a reference to an API's named schema, in the model, the catalog's rows, the
// forms and the export alike: a JSON Pointer (RFC 6901) into the document, the name one segment of
// it, `~` written `~0` and `/` written `~1` (`pets/Pet` is `#/components/schemas/pets~1Pet`).

const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** A name as one segment of a JSON Pointer. */
export function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The reference to the named schema `name`. */
export function schemaRef(name: string): string {
  return SCHEMA_REF_PREFIX + escapePointerSegment(name);
}

/**
 * The named schema a reference points to; undefined for any other pointer, such as one into a
 * schema (`#/components/schemas/Pet/properties/tag`).
 */
export function schemaNameOfRef(ref: string): string | undefined {
  if (!ref.startsWith(SCHEMA_REF_PREFIX)) return undefined;
  const segment = ref.slice(SCHEMA_REF_PREFIX.length);
  if (segment === '' || segment.includes('/')) return undefined;
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}
