import type { DeclaredOperation, DeclaredSchema } from '@sandbox/contracts';
import type { Location, StyledParameter } from '../model/parameterStyles.js';
import { type JsonSchema, toJsonSchema } from '../model/toJsonSchema.js';
import { mediaKind } from '../shared/mediaTypes.js';
import { DELIMITERS, type FieldEncoding } from './prismFormEncoding.js';

// What a request to one operation may carry, read from its declared operation. Schemas are in JSON
// Schema 2020-12 as a request sees them (a required `readOnly` property is not required); references
// to named schemas stay `#/components/schemas/<name>`, for the validator's registry.

export interface RequestModel {
  parameters: (StyledParameter & { required: boolean; deprecated?: true })[];
  body?: {
    required: boolean;
    /** Media type as declared (`application/json`, `image/*`) → its schema (true: anything). */
    content: Map<string, JsonSchema>;
    /** Media type → its fields' encodings, where the document declares any (a form's). */
    encodings?: Map<string, Record<string, FieldEncoding>>;
  };
}

/** Named schemas of the model, by name. */
export type NamedSchemas = ReadonlyMap<string, DeclaredSchema>;

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);

/** OpenAPI 3.1 §4.8.12.1: header parameters of these names are ignored (media types and security say them). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** OpenAPI 3.1 §4.8.12.4: form in query and cookie, simple in path and header; form explodes. */
function defaultStyle(location: Location): string {
  return location === 'query' || location === 'cookie' ? 'form' : 'simple';
}

/**
 * What a request to the endpoint's operation may carry. Every endpoint has its operation (migration
 * 022); the Lab may still ask of one read without it, which takes nothing.
 */
export function requestModelOf(operation: DeclaredOperation): RequestModel {
  const parameters = operation.parameters.flatMap((parameter) => {
    if (!LOCATIONS.has(parameter.in)) return [];
    if (parameter.in === 'header' && IGNORED_HEADERS.has(parameter.name.toLowerCase())) return [];
    const location = parameter.in as Location;
    const style = parameter.style ?? defaultStyle(location);
    const [mediaType, media] = Object.entries(parameter.content ?? {})[0] ?? [];
    const schema = media ? media.schema : parameter.schema;
    return [
      {
        name: parameter.name,
        in: location,
        required: location === 'path' || parameter.required === true,
        style,
        explode: parameter.explode ?? style === 'form',
        schema: schema === undefined ? true : toJsonSchema(schema, 'request'),
        json: mediaType !== undefined && mediaKind(mediaType) === 'json',
        ...(parameter.deprecated === true && { deprecated: true as const }),
      },
    ];
  });
  const body = operation.requestBody;
  const encodings = new Map(
    Object.entries(body?.content ?? {}).flatMap(([type, media]) =>
      media.encoding ? [[type, encodingsOf(media.encoding)] as const] : [],
    ),
  );
  return {
    parameters,
    body: body && {
      required: body.required === true,
      content: new Map(
        Object.entries(body.content).map(([type, media]) => [
          type,
          media.schema === undefined ? true : toJsonSchema(media.schema, 'request'),
        ]),
      ),
      ...(encodings.size > 0 && { encodings }),
    },
  };
}

function encodingsOf(declared: Record<string, unknown>): Record<string, FieldEncoding> {
  const encodings: Record<string, FieldEncoding> = {};
  for (const [name, encoding] of Object.entries(declared)) {
    if (typeof encoding !== 'object' || encoding === null) continue;
    const { allowReserved, style, explode } = encoding as Record<string, unknown>;
    const delimited = typeof style === 'string' && explode !== true && Object.hasOwn(DELIMITERS, style);
    const delimiter = delimited ? DELIMITERS[style as string] : undefined;
    encodings[name] = {
      ...(allowReserved === true && { allowReserved: true }),
      ...(delimiter !== undefined && { delimiter }),
    };
  }
  return encodings;
}
