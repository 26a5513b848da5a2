import {
  designMessages,
  ROLE_DEVELOPER,
  ZEndpointCreate,
  ZEndpointUpdate,
  ZMessageResponse,
  ZRequestBodySave,
  ZSchemaCreate,
} from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { ApisService } from './service.js';

// Designing an API: the calls that add and remove endpoints, request bodies, responses and named
// schemas. Rows are added and removed through the forms' own calls (apis/routes.ts).

const write = { config: { minRole: ROLE_DEVELOPER } };
const id = z.coerce.number().int().positive();
const ZApiParams = z.object({ apiMasterId: id });
const ZEndpointParams = ZApiParams.extend({ endpointId: id });
const ZResponseParams = ZEndpointParams.extend({ responseId: id });
const ZSchemaParams = ZApiParams.extend({ schemaName: z.string().min(1).max(300) });

const tags = ['APIs'];
const done = { 200: ZMessageResponse };
const endpointAnswer = {
  description: 'The endpoint (EndpointDetail): parameters, headers, bodies and responses',
};
const schemaAnswer = { description: 'The named schema (SchemaMaster) with its properties' };

export function designRoutes(app: FastifyInstance, apis: ApisService): void {
  const createEndpointSchema = {
    tags,
    summary: 'Add an endpoint (method and path template; `{name}` adds a required path parameter)',
    params: ZApiParams,
    body: ZEndpointCreate,
    response: { 201: endpointAnswer },
  };
  app.post(
    '/api/api-config/:apiMasterId/endpoints',
    { ...write, schema: createEndpointSchema },
    async (request, reply) => {
      const { apiMasterId } = parseWith(ZApiParams, request.params);
      const created = await apis.createEndpoint(
        currentUser(request),
        apiMasterId,
        parseWith(ZEndpointCreate, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  const updateEndpointSchema = {
    tags,
    summary: "Change an endpoint's method, path template, tag or summary",
    params: ZEndpointParams,
    body: ZEndpointUpdate,
    response: { 200: endpointAnswer },
  };
  app.put(
    '/api/api-config/:apiMasterId/:endpointId',
    { ...write, schema: updateEndpointSchema },
    (request) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      return apis.updateEndpoint(
        currentUser(request),
        apiMasterId,
        endpointId,
        parseWith(ZEndpointUpdate, request.body),
      );
    },
  );

  const deleteEndpointSchema = {
    tags,
    summary: 'Remove an endpoint',
    params: ZEndpointParams,
    response: done,
  };
  app.delete(
    '/api/api-config/:apiMasterId/:endpointId',
    { ...write, schema: deleteEndpointSchema },
    async (request) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      await apis.deleteEndpoint(currentUser(request), apiMasterId, endpointId);
      return { message: designMessages.endpointRemoved };
    },
  );

  const requestBodySchema = {
    tags,
    summary: "Set an endpoint's request body to a named schema, or to none (`schemaName: null`)",
    params: ZEndpointParams,
    body: ZRequestBodySave,
    response: { 200: endpointAnswer },
  };
  app.put(
    '/api/api-config/:apiMasterId/:endpointId/request-body',
    { ...write, schema: requestBodySchema },
    (request) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      return apis.setRequestBody(
        currentUser(request),
        apiMasterId,
        endpointId,
        parseWith(ZRequestBodySave, request.body),
      );
    },
  );

  const deleteResponseSchema = {
    tags,
    summary: 'Remove a response (a status code) of an endpoint',
    params: ZResponseParams,
    response: done,
  };
  app.delete(
    '/api/api-config/:apiMasterId/:endpointId/responses/:responseId',
    { ...write, schema: deleteResponseSchema },
    async (request) => {
      const { apiMasterId, endpointId, responseId } = parseWith(ZResponseParams, request.params);
      await apis.deleteResponse(currentUser(request), apiMasterId, endpointId, responseId);
      return { message: designMessages.responseRemoved };
    },
  );

  const createSchemaSchema = {
    tags,
    summary: 'Add a named schema (an object with properties, an array, or a constrained value)',
    params: ZApiParams,
    body: ZSchemaCreate,
    response: { 201: schemaAnswer },
  };
  app.post(
    '/api/api-config/:apiMasterId/schemas',
    { ...write, schema: createSchemaSchema },
    async (request, reply) => {
      const { apiMasterId } = parseWith(ZApiParams, request.params);
      const created = await apis.createSchema(
        currentUser(request),
        apiMasterId,
        parseWith(ZSchemaCreate, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  const deleteSchemaSchema = {
    tags,
    summary: 'Remove a named schema that nothing uses any more',
    params: ZSchemaParams,
    response: done,
  };
  app.delete(
    '/api/api-config/:apiMasterId/schemas/:schemaName',
    { ...write, schema: deleteSchemaSchema },
    async (request) => {
      const { apiMasterId, schemaName } = parseWith(ZSchemaParams, request.params);
      await apis.deleteSchema(currentUser(request), apiMasterId, schemaName);
      return { message: designMessages.schemaRemoved };
    },
  );
}
