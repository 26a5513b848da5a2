import type { ResponseConfig } from '@sandbox/contracts';
import { pascalCase } from './names.js';
import { childPointer } from './pointer.js';
import { readExample } from './readExample.js';
import { isObject, type Json, type Located } from './resolveRef.js';
import type { SchemaCatalog } from './toSchemas.js';

/** One response config per status code; of several media types, JSON is the one kept. */
export function toResponses(
  responses: Located,
  catalog: SchemaCatalog,
  name: string,
  produces: string[] | null,
): ResponseConfig[] {
  if (responses.value === undefined) return [];
  if (!isObject(responses.value)) {
    catalog.warnings.add(responses.pointer, 'The responses must be an object: they are left out');
    return [];
  }
  return Object.entries(responses.value).map(([code, value]) => {
    const response = catalog.resolver.followObject(
      { value, pointer: childPointer(responses.pointer, code) },
      'A response',
    );
    const config: ResponseConfig = {
      responseCode: code,
      responseDescription: typeof response.value.description === 'string' ? response.value.description : '',
      responseSchemaName: null,
      contentType: null,
    };
    const media = produces ? swaggerMedia(response, produces) : openApiMedia(response, catalog);
    if (!media) return config;
    config.contentType = media.contentType;
    if (media.schema.value !== undefined) {
      config.responseSchemaName = catalog.nameBody(media.schema, `${name}Response${pascalCase(code)}`);
    }
    const example = media.example();
    if (example !== undefined) config.example = example;
    return config;
  });
}

interface Media {
  contentType: string;
  schema: Located;
  example: () => unknown;
}

function openApiMedia(response: { value: Json; pointer: string }, catalog: SchemaCatalog): Media | null {
  const { content } = response.value;
  if (content === undefined) return null;
  if (!isObject(content)) {
    catalog.warnings.add(
      childPointer(response.pointer, 'content'),
      'The content must be an object: it is left out',
    );
    return null;
  }
  const contentType = preferJson(Object.keys(content));
  if (contentType === undefined) return null;
  const pointer = childPointer(response.pointer, 'content', contentType);
  const media = content[contentType];
  if (!isObject(media)) {
    catalog.warnings.add(pointer, 'A media type must be an object: it is left out');
    return null;
  }
  return {
    contentType,
    schema: { value: media.schema, pointer: childPointer(pointer, 'schema') },
    example: () => readExample(media, pointer, catalog.resolver),
  };
}

function swaggerMedia(response: { value: Json; pointer: string }, produces: string[]): Media | null {
  const { schema, examples } = response.value;
  // a response of a schema in no media type (nothing produced) has no body
  if ((schema === undefined || produces.length === 0) && !isObject(examples)) return null;
  const contentType =
    preferJson(produces.length > 0 ? produces : Object.keys(examples ?? {})) ?? 'application/json';
  return {
    contentType,
    schema: { value: schema, pointer: childPointer(response.pointer, 'schema') },
    example: () => {
      if (!isObject(examples)) return undefined;
      return contentType in examples ? examples[contentType] : Object.values(examples)[0];
    },
  };
}

function preferJson(contentTypes: string[]): string | undefined {
  return (
    contentTypes.find((type) => type === 'application/json') ??
    contentTypes.find((type) => type.includes('json')) ??
    contentTypes[0]
  );
}
