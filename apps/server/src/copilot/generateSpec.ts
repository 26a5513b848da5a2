import { type CopilotInput, schemaRef } from '@sandbox/contracts';
import { exampleUuid, type Field, fieldFor } from './fieldTypes.js';
import { filtersNamedIn, mentionsPaging, singular } from './inferFields.js';
import {
  camelCase,
  collectResources,
  type PathInfo,
  pascalCase,
  type Resource,
  readPath,
} from './resources.js';

type Json = Record<string, unknown>;
type Endpoint = CopilotInput['endpoints'][number];

// The built-in Copilot (DESIGN §7): without an AI service, the same input still gives a useful
// OpenAPI 3 document, the same one every time.

const ref = (name: string) => ({ $ref: schemaRef(name) });
const json = (schema: unknown, example?: unknown) => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});
const VERBS = { GET: 'get', POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete' } as const;

/** Whether clients must send a field when they create or replace a record. */
const isRequiredInput = (field: Field) =>
  !field.writeOnly && field.schema.type !== 'boolean' && field.schema.type !== 'array';

function recordExample(resource: Resource, index: number): Json {
  const out: Json = { id: exampleUuid(`${resource.key}.id.${index}`) };
  for (const field of resource.fields) if (!field.writeOnly) out[field.name] = field.example(index);
  if (!('createdAt' in out)) out.createdAt = `2024-0${1 + index}-15T09:30:00Z`;
  return out;
}

function inputExample(resource: Resource): Json {
  return Object.fromEntries(resource.fields.map((field) => [field.name, field.example(0)]));
}

function schemasOf(resource: Resource): Json {
  const properties = (fields: Field[]) =>
    Object.fromEntries(
      fields.map((f) => [f.name, f.writeOnly ? { ...f.schema, writeOnly: true } : f.schema]),
    );
  const readable = resource.fields.filter((f) => !f.writeOnly);
  const required = resource.fields.filter(isRequiredInput).map((f) => f.name);
  const spoken = resource.key.replace(/_/g, ' ');
  return {
    [resource.schemaName]: {
      type: 'object',
      description: `A ${spoken}.`,
      required: ['id', ...required],
      properties: {
        id: { type: 'string', format: 'uuid', description: `The ${spoken}'s id, assigned by the server.` },
        ...properties(readable),
        ...(readable.some((f) => f.name === 'createdAt')
          ? {}
          : { createdAt: { type: 'string', format: 'date-time' } }),
      },
    },
    [`${resource.schemaName}Input`]: {
      type: 'object',
      description: `What a client sends to create or replace a ${spoken}.`,
      ...(required.length > 0 ? { required } : {}),
      properties: properties(resource.fields),
    },
    [`${resource.schemaName}Patch`]: {
      type: 'object',
      description: `The fields of a ${spoken} to change; any left out stay as they are.`,
      properties: properties(resource.fields),
    },
  };
}

const ERROR_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    details: { type: 'array', items: { type: 'string' } },
  },
};

function errorResponse(description: string, message: string, details?: string[]) {
  return { description, content: json(ref('Error'), details ? { message, details } : { message }) };
}

function parametersOf(endpoint: Endpoint, path: PathInfo, resource: Resource): Json[] {
  const parameters: Json[] = path.params.map((name) => ({
    name,
    in: 'path',
    required: true,
    description: `The ${name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()} of the ${path.resource.replace(/_/g, ' ')}.`,
    schema: /id$/i.test(name) ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));
  if (endpoint.method !== 'GET' || path.isItem) return parameters;
  if (mentionsPaging(endpoint.description)) {
    parameters.push(
      {
        name: 'limit',
        in: 'query',
        description: 'How many records to return.',
        schema: { type: 'integer', minimum: 1, maximum: 100 },
      },
      {
        name: 'offset',
        in: 'query',
        description: 'How many records to skip.',
        schema: { type: 'integer', minimum: 0 },
      },
    );
  }
  for (const name of filtersNamedIn(endpoint.description)) {
    const field = resource.fields.find((f) => f.name === name) ?? fieldFor(name, resource.key);
    if (field.schema.type === 'array') continue;
    parameters.push({
      name,
      in: 'query',
      description: `Only ${resource.key.replace(/_/g, ' ')}s with this ${name}.`,
      schema: field.schema,
    });
  }
  return parameters;
}

function responsesOf(method: Endpoint['method'], path: PathInfo, resource: Resource): Json {
  const { schemaName } = resource;
  const spoken = resource.key.replace(/_/g, ' ');
  const notFound =
    path.params.length > 0 ? { 404: errorResponse('Not found', `No ${spoken} with this id`) } : {};
  const invalid = {
    422: errorResponse(
      'The body is not valid',
      'The request body is not valid',
      resource.fields
        .filter(isRequiredInput)
        .slice(0, 1)
        .map((f) => `${f.name} is required`),
    ),
  };
  switch (method) {
    case 'GET':
      return path.isItem
        ? {
            200: { description: `The ${spoken}`, content: json(ref(schemaName), recordExample(resource, 0)) },
            ...notFound,
          }
        : {
            200: {
              description: `A list of ${spoken}s`,
              content: json({ type: 'array', items: ref(schemaName) }, [
                recordExample(resource, 0),
                recordExample(resource, 1),
              ]),
            },
            ...notFound,
          };
    case 'POST':
      return {
        201: {
          description: `The ${spoken}, created`,
          content: json(ref(schemaName), recordExample(resource, 0)),
        },
        ...notFound,
        ...invalid,
      };
    case 'PUT':
    case 'PATCH':
      return {
        200: {
          description: `The ${spoken}, changed`,
          content: json(ref(schemaName), recordExample(resource, 0)),
        },
        ...notFound,
        ...invalid,
      };
    case 'DELETE':
      return { 204: { description: `The ${spoken} was deleted` }, ...notFound };
  }
}

function summaryOf(method: Endpoint['method'], path: PathInfo): string {
  const spoken = path.resource.replace(/_/g, ' ');
  if (method === 'GET') return path.isItem ? `Get a ${spoken}` : `List ${spoken}s`;
  if (method === 'POST') return path.isItem ? `Act on a ${spoken}` : `Create a ${spoken}`;
  return `${VERBS[method][0].toUpperCase()}${VERBS[method].slice(1)} a ${spoken}`;
}

function operationIdOf(method: Endpoint['method'], path: PathInfo, taken: Set<string>): string {
  const verb = method === 'GET' && !path.isItem ? 'list' : VERBS[method];
  const words = path.words.map(pascalCase);
  // "listUsers" names many; "getUser", "createUser" one.
  if (verb !== 'list' && words.length > 0)
    words[words.length - 1] = pascalCase(singular(path.words.at(-1) as string));
  const base = camelCase([verb, ...words]);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

/** The OpenAPI 3.0 document for a Copilot request. */
export function generateSpec(input: CopilotInput): Json {
  const resources = collectResources(input);
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  const operationIds = new Set<string>();
  for (const endpoint of input.endpoints) {
    const path = readPath(endpoint.url);
    const resource = resources.get(path.resource) as Resource;
    tags.add(path.tag);
    const withBody = endpoint.method === 'POST' || endpoint.method === 'PUT' || endpoint.method === 'PATCH';
    const parameters = parametersOf(endpoint, path, resource);
    const bodySchema =
      endpoint.method === 'PATCH' ? `${resource.schemaName}Patch` : `${resource.schemaName}Input`;
    paths[endpoint.url] = {
      ...paths[endpoint.url],
      [endpoint.method.toLowerCase()]: {
        tags: [path.tag],
        summary: summaryOf(endpoint.method, path),
        ...(endpoint.description ? { description: endpoint.description } : {}),
        operationId: operationIdOf(endpoint.method, path, operationIds),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(withBody
          ? { requestBody: { required: true, content: json(ref(bodySchema), inputExample(resource)) } }
          : {}),
        responses: responsesOf(endpoint.method, path, resource),
      },
    };
  }
  const schemas: Json = {};
  for (const resource of resources.values()) Object.assign(schemas, schemasOf(resource));
  schemas.Error = ERROR_SCHEMA;
  return {
    openapi: '3.0.3',
    info: {
      title: input.projectName,
      version: '1.0.0',
      ...(input.description ? { description: input.description } : {}),
    },
    tags: [...tags].map((name) => ({ name, description: `Operations on ${name.replace(/[-_]/g, ' ')}` })),
    paths,
    components: { schemas },
  };
}
