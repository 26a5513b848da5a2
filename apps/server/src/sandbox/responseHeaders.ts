import type { DeclaredHeader } from '@sandbox/contracts';
import { fixedValueOf, schemaValue } from './schemaValue.js';
import type { Schemas } from './shapes.js';

// The headers a response declares, sent with their example or a value generated from their schema.

export interface CompiledHeader {
  /** Lower case, as node writes it. */
  name: string;
  /** Known when the API compiles (an example, a default, an enum): sent as it is. */
  value?: string;
  /** Otherwise generated per answer (a fresh id, a date). */
  schema?: unknown;
}

// OpenAPI: a declared Content-Type is ignored; the others are the connection's, not the document's.
const NOT_DECLARABLE = new Set(['content-type', 'content-length', 'transfer-encoding', 'connection']);

export function compileHeaders(
  declared: Record<string, DeclaredHeader> | undefined,
  schemas: Schemas,
): CompiledHeader[] {
  const headers: CompiledHeader[] = [];
  for (const [written, header] of Object.entries(declared ?? {})) {
    const name = written.trim().toLowerCase();
    if (NOT_DECLARABLE.has(name) || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) continue;
    const fixed = fixedOf(header);
    if (fixed) headers.push({ name, value: headerText(fixed.value) });
    else if (header.schema !== undefined || header.content !== undefined) {
      const schema = header.schema ?? Object.values(header.content ?? {})[0]?.schema;
      const generated = schemaValue(schema, name, schemas);
      // a schema that generates nothing (no type) says nothing worth sending
      if (generated !== undefined) headers.push({ name, schema });
    }
  }
  return headers;
}

function fixedOf(header: DeclaredHeader): { value: unknown } | undefined {
  if ('example' in header) return { value: header.example };
  const [first] = Object.values(header.examples ?? {});
  if (first && 'value' in first) return { value: first.value };
  const [media] = Object.values(header.content ?? {});
  if (media && 'example' in media) return { value: media.example };
  return fixedValueOf(header.schema) ?? fixedValueOf(media?.schema);
}

/** The declared headers' values for one answer. */
export function headerValues(headers: CompiledHeader[], schemas: Schemas): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name, value, schema } of headers) {
    values[name] = value ?? headerText(schemaValue(schema, name, schemas));
  }
  return values;
}

/**
 * A value as a header writes it (OpenAPI's `simple` style): arrays and objects comma-separated,
 * with what a header cannot carry (line breaks, control characters) left out.
 */
export function headerText(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (Array.isArray(value)) text = value.map(headerText).join(',');
  else if (typeof value === 'object')
    text = Object.entries(value)
      .flatMap(([key, field]) => [key, headerText(field)])
      .join(',');
  else text = String(value);
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
}
