import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ZApiError, ZBodyProperty } from '@sandbox/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The control plane's own OpenAPI 3.1 document, and the reference page that reads it. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** A response the contracts have no schema for: described in words, its body left open. */
export interface DescribedAnswer {
  description: string;
}

/** A multipart upload's file field, as the document shows it. */
export const zUploadedFile = (description: string) =>
  z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream', description });

// Shared shapes are named components of the document; a recursive one (a body property holds
// properties) can only be a reference.
if (!z.globalRegistry.has(ZBodyProperty)) z.globalRegistry.add(ZBodyProperty, { id: 'BodyProperty' });

/** A body sent as one of several media types, each with its own shape (a file, or JSON rows). */
export interface BodyByMediaType {
  content: Record<string, { schema: z.ZodType }>;
}

const errorAnswer = {
  description: 'Refused: `message` says why in words a user reads, `detail` what exactly was wrong',
  content: { 'application/json': { schema: ZApiError.meta({ id: 'ApiError' }) } },
};

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformInput = Parameters<Transform>[0];

const isDescribedAnswer = (answer: unknown): answer is DescribedAnswer =>
  typeof answer === 'object' &&
  answer !== null &&
  !(answer instanceof z.ZodType) &&
  !('content' in answer) &&
  typeof (answer as DescribedAnswer).description === 'string';

const isBodyByMediaType = (body: unknown): body is BodyByMediaType =>
  typeof body === 'object' && body !== null && !(body instanceof z.ZodType) && 'content' in body;

/**
 * Route schemas are the contracts' zod schemas, turned into JSON Schema only for the document;
 * responses described in words pass through untouched; every /api operation also answers the
 * product's error shape, and one open without a session says so.
 */
const describeRoute: Transform = (input: TransformInput) => {
  const { url, route } = input;
  if (!url.startsWith('/api/')) return { schema: { hide: true } as FastifySchema, url };
  const schema = (input.schema ?? {}) as FastifySchema & { security?: unknown };
  const responses = (schema.response ?? {}) as Record<string, unknown>;
  const described = Object.fromEntries(Object.entries(responses).filter(([, a]) => isDescribedAnswer(a)));
  const typed = Object.fromEntries(Object.entries(responses).filter(([, a]) => !isDescribedAnswer(a)));
  const byMediaType = isBodyByMediaType(schema.body) ? schema.body : undefined;
  const toJson = (zodSchemas: FastifySchema) =>
    jsonSchemaTransform({ ...input, schema: zodSchemas } as TransformInput).schema as FastifySchema & {
      security?: unknown;
      hide?: boolean;
    };
  const result = toJson({
    ...schema,
    body: byMediaType ? undefined : schema.body,
    response: { '4XX': errorAnswer, ...typed },
  });
  if (result.hide) return { schema: result, url };
  result.response = { ...(result.response as object), ...described };
  if (byMediaType) {
    const content = Object.entries(byMediaType.content).map(([mediaType, { schema: body }]) => [
      mediaType,
      { schema: toJson({ body }).body },
    ]);
    result.body = { content: Object.fromEntries(content) };
  }
  if (route.config?.public) result.security = [];
  return { schema: result, url };
};

/** The control plane's API version: it changes when a route or a payload does. */
const API_VERSION = '1.0';

const documentOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'API Sandbox control plane',
      version: API_VERSION,
      description:
        'Import, configure and deploy APIs as sandboxes; manage tokens, the team and the request log. ' +
        'Every refusal answers `{ message, detail? }`.',
    },
    components: {
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "The `jwt` that POST /api/v1/auth/authenticate answers. Reading an API's request log also " +
            "accepts that API's sandbox token.",
        },
      },
    },
    security: [{ session: [] }],
  },
  transform: describeRoute,
  transformObject: jsonSchemaTransformObject,
};

/**
 * Registers the document (every route registered after this is in it) and serves it, public, at
 * OPENAPI_PATH with its reference page at DOCS_PREFIX.
 *
 * The schemas document the routes; validation stays in the handlers (parseWith), whose first zod
 * issue is the answer's message, word for word as the spec says it. So Fastify is told to pass
 * payloads through and to serialize answers as it does without a schema.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, documentOptions);

  app.get(
    OPENAPI_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['Health'],
        summary: 'This document: the control plane described in OpenAPI 3.1',
        response: { 200: z.looseObject({ openapi: z.string() }) },
      },
    },
    () => app.swagger(),
  );

  // The reference page and its assets are open to anyone: they only show the document above.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await scope.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The page runs under the app's content security policy: its scripts are files, none inline.
      uiConfig: { deepLinking: true, docExpansion: 'list' },
      theme: { title: 'API Sandbox control plane API' },
    });
  });
}
