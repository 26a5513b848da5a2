import type { DeclaredHeader, DeclaredSchema } from '@sandbox/contracts';
import type { ApiModel } from '../model/apiModel.js';
import { isJsonObject } from '../shared/jsonObjects.js';

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

export function compileHeaders(declared: Record<string, DeclaredHeader> | undefined): CompiledHeader[] {
  const headers: CompiledHeader[] = [];
  for (const [written, header] of Object.entries(declared ?? {})) {
    const name = written.trim().toLowerCase();
    if (NOT_DECLARABLE.has(name) || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) continue;
    const fixed = fixedOf(header);
    if (fixed) headers.push({ name, value: headerText(fixed.value) });
    else if (header.schema !== undefined || header.content !== undefined) {
      const schema = header.schema ?? Object.values(header.content ?? {})[0]?.schema;
      // a schema that says nothing of its value (no type, no reference) says nothing worth sending
      if (isJsonObject(schema) && ['type', '$ref', 'enum', 'const', 'format'].some((key) => key in schema))
        headers.push({ name, schema });
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

/** Whether a schema says what to send without generating anything (example, default, enum, const). */
function fixedValueOf(schema: unknown): { value: unknown } | undefined {
  if (!isJsonObject(schema)) return undefined;
  if ('example' in schema) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if ('default' in schema) return { value: schema.default };
  if ('const' in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0] };
  return undefined;
}

/** The declared headers' values for one answer. */
export function headerValues(headers: CompiledHeader[], model: ApiModel): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name, value, schema } of headers) {
    values[name] = value ?? headerText(model.generate(schema as DeclaredSchema, name));
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
