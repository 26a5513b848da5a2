import {
  ROLE_DEVELOPER,
  upstreamMessages,
  ZAnswerSeed,
  ZApiMasterSave,
  ZDesignHeaderRows,
  ZDesignParameterRows,
  ZDesignResponseCreate,
  ZDesignSchemaSave,
  ZEndpointLinks,
  ZKeepMocked,
  ZMessageResponse,
  ZResponseUpdate,
  ZUpstreamUrl,
} from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import type { DescribedAnswer } from '../http/openApi.js';
import { parseWith } from '../http/validate.js';
import { designRoutes } from './designRoutes.js';
import type { ApisService } from './service.js';

const write = { config: { minRole: ROLE_DEVELOPER } };
const id = z.coerce.number().int().positive();
const ZApiParams = z.object({ apiMasterId: id });
const ZEndpointParams = z.object({ apiMasterId: id, endpointId: id });
const ZSchemaParams = ZApiParams.extend({ schemaName: z.string().min(1).max(300) });
const ZResponseCodeParams = z.object({ responseId: id, code: z.string().max(3) });

const tags = ['APIs'];
const done = { 200: ZMessageResponse };
const answer = (description: string): { 200: DescribedAnswer } => ({ 200: { description } });
const apiDetail = answer('The API (ApiMaster): its details, endpoints and sandbox address');
const endpointDetail = answer('The endpoint (EndpointDetail): parameters, headers, bodies and responses');

// spec §7 APIs; `projectId` in the spec's paths is an API (master) id, `apiId` an endpoint id.
export function apisRoutes(app: FastifyInstance, apis: ApisService): void {
  const listSchema = { tags, summary: "The team's APIs", response: answer('The APIs (ApiMaster[])') };
  app.get('/api/api-config-master', { schema: listSchema }, (request) => apis.list(currentUser(request)));
  const deployedSchema = { ...listSchema, summary: "The team's deployed APIs" };
  app.get('/api/api-config-master/deployed', { schema: deployedSchema }, (request) =>
    apis.list(currentUser(request), true),
  );

  const saveSchema = {
    tags,
    summary: "Create an API, or with `id` edit one's name, description and version",
    body: ZApiMasterSave,
    response: { 200: apiDetail[200], 201: apiDetail[200] },
  };
  app.post('/api/api-config-master', { ...write, schema: saveSchema }, async (request, reply) => {
    const input = parseWith(ZApiMasterSave, request.body);
    const saved = await apis.save(currentUser(request), input);
    return reply.status(input.id === undefined ? 201 : 200).send(saved);
  });

  const oneSchema = { tags, summary: 'One API', params: ZApiParams, response: apiDetail };
  app.get('/api/api-config-master/:apiMasterId', { schema: oneSchema }, (request) =>
    apis.getOne(currentUser(request), parseWith(ZApiParams, request.params).apiMasterId),
  );

  const deleteSchema = { tags, summary: 'Delete an API', params: ZApiParams, response: done };
  app.delete('/api/api-config-master/:apiMasterId', { ...write, schema: deleteSchema }, async (request) => {
    await apis.remove(currentUser(request), parseWith(ZApiParams, request.params).apiMasterId);
    return { message: 'API deleted' };
  });

  const seedSchema = {
    tags,
    summary: "Make the sandbox's generated answers deterministic (a seed) or random (null)",
    params: ZApiParams,
    body: ZAnswerSeed,
    response: done,
  };
  app.put(
    '/api/api-config-master/:apiMasterId/answer-seed',
    { ...write, schema: seedSchema },
    async (request) => {
      const { apiMasterId } = parseWith(ZApiParams, request.params);
      const { seed } = parseWith(ZAnswerSeed, request.body);
      await apis.setAnswerSeed(currentUser(request), apiMasterId, seed);
      return { message: seed === null ? 'Answers are random' : 'Answers are deterministic' };
    },
  );

  const upstreamSchema = {
    tags,
    summary:
      'Set the Upstream URL (the sandbox forwards to it and checks both sides), or clear it (null) to mock again',
    params: ZApiParams,
    body: ZUpstreamUrl,
    response: done,
  };
  app.put(
    '/api/api-config-master/:apiMasterId/upstream',
    { ...write, schema: upstreamSchema },
    async (request) => {
      const { apiMasterId } = parseWith(ZApiParams, request.params);
      const { upstreamUrl } = parseWith(ZUpstreamUrl, request.body);
      await apis.setUpstreamUrl(currentUser(request), apiMasterId, upstreamUrl || null);
      return { message: upstreamUrl ? upstreamMessages.saved : upstreamMessages.cleared };
    },
  );

  const keepMockedSchema = {
    tags,
    summary: 'Keep an endpoint answered by the sandbox though the API has an Upstream URL',
    params: ZEndpointParams,
    body: ZKeepMocked,
    response: done,
  };
  app.put(
    '/api/api-config/:apiMasterId/:endpointId/keep-mocked',
    { ...write, schema: keepMockedSchema },
    async (request) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      const { keepMocked } = parseWith(ZKeepMocked, request.body);
      await apis.setKeepMocked(currentUser(request), apiMasterId, endpointId, keepMocked);
      return { message: keepMocked ? upstreamMessages.keptMocked : upstreamMessages.forwarded };
    },
  );

  const exportSchema = {
    tags,
    summary: 'The API as an OpenAPI 3.1 document (a file to download)',
    params: ZApiParams,
    response: answer('The OpenAPI 3.1 document, as an attachment'),
  };
  app.get('/api/api-config-master/:apiMasterId/openapi', { schema: exportSchema }, async (request, reply) => {
    const { apiMasterId } = parseWith(ZApiParams, request.params);
    const document = await apis.exportDocument(currentUser(request), apiMasterId);
    const fileName = `${document.info.title.replace(/[^\w.-]+/g, '-')}-openapi.json`;
    return reply.header('content-disposition', `attachment; filename="${fileName}"`).send(document);
  });

  const publishSchema = {
    tags,
    summary: 'Deploy the API: its sandbox answers from then on',
    params: ZApiParams,
    response: apiDetail,
  };
  app.get('/api/api-publish/:apiMasterId/publish', { ...write, schema: publishSchema }, (request) =>
    apis.publish(currentUser(request), parseWith(ZApiParams, request.params).apiMasterId),
  );

  const codesSchema = {
    tags,
    summary: 'The HTTP status codes a response can be given',
    params: z.object({ apiMasterId: z.string() }),
    response: answer('The status codes and their names'),
  };
  app.get('/api/api-config/:apiMasterId/httpStatusCode', { schema: codesSchema }, () =>
    apis.httpStatusCodes(),
  );

  const endpointSchema = { tags, summary: 'One endpoint', params: ZEndpointParams, response: endpointDetail };
  app.get('/api/api-config/:apiMasterId/:endpointId', { schema: endpointSchema }, (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    return apis.endpointDetail(currentUser(request), apiMasterId, endpointId);
  });

  const parametersSchema = {
    tags,
    summary:
      "Save an endpoint's path, query and cookie parameters: rows with `id` change, rows without are added, rows left out are removed",
    params: z.object({ endpointId: id }),
    body: ZDesignParameterRows,
    response: done,
  };
  app.post('/api/parameter-config/:endpointId', { ...write, schema: parametersSchema }, async (request) => {
    const { endpointId } = parseWith(parametersSchema.params, request.params);
    await apis.updateParameters(
      currentUser(request),
      endpointId,
      parseWith(ZDesignParameterRows, request.body),
    );
    return { message: 'Parameters updated' };
  });

  const headersSchema = {
    tags,
    summary:
      "Save an endpoint's headers: rows with `id` change, rows without are added, rows left out are removed",
    params: ZEndpointParams,
    body: ZDesignHeaderRows,
    response: done,
  };
  app.put(
    '/api/api-config/:apiMasterId/:endpointId/headers',
    { ...write, schema: headersSchema },
    async (request) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      await apis.updateHeaders(
        currentUser(request),
        apiMasterId,
        endpointId,
        parseWith(ZDesignHeaderRows, request.body),
      );
      return { message: 'Headers updated' };
    },
  );

  const schemaSchema = {
    tags,
    summary:
      'Save a named schema (its properties, fields and, for one a user added, its name), wherever the API uses it',
    params: ZSchemaParams,
    body: ZDesignSchemaSave,
    response: answer('The saved schema'),
  };
  app.put(
    '/api/api-config/:apiMasterId/schemas/:schemaName',
    { ...write, schema: schemaSchema },
    (request) => {
      const { apiMasterId, schemaName } = parseWith(ZSchemaParams, request.params);
      return apis.saveSchema(
        currentUser(request),
        apiMasterId,
        schemaName,
        parseWith(ZDesignSchemaSave, request.body),
      );
    },
  );

  const createResponseSchema = {
    tags,
    summary: 'Add a response (a status code, and the named schema of its body) to an endpoint',
    params: ZEndpointParams,
    body: ZDesignResponseCreate,
    response: { 201: { description: 'The new response' } },
  };
  app.post(
    '/api/api-config/:apiMasterId/:endpointId/responses',
    { ...write, schema: createResponseSchema },
    async (request, reply) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      const created = await apis.createResponse(
        currentUser(request),
        apiMasterId,
        endpointId,
        parseWith(ZDesignResponseCreate, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  const updateResponseSchema = {
    tags,
    summary: "Change a response's status code, description or body",
    params: ZResponseCodeParams,
    body: ZResponseUpdate,
    response: answer('The changed response'),
  };
  const updateResponseRoute = '/api/api-config/:responseId/update-response-code/:code';
  app.post(updateResponseRoute, { ...write, schema: updateResponseSchema }, (request) => {
    const { responseId, code } = parseWith(ZResponseCodeParams, request.params);
    return apis.updateResponseCode(
      currentUser(request),
      responseId,
      code,
      parseWith(ZResponseUpdate, request.body),
    );
  });

  const linkSchema = (summary: string, description: string) => ({
    tags,
    summary,
    params: ZEndpointParams,
    response: answer(description),
  });
  const mapSchema = linkSchema('What a linked endpoint can fill', 'The parameters and fields to map');
  app.get('/api/api-config/:apiMasterId/map-params/:endpointId', { schema: mapSchema }, (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    return apis.mapParams(currentUser(request), apiMasterId, endpointId);
  });

  const optionsSchema = linkSchema('The endpoints this one can link to', 'The endpoints, by kind of link');
  app.get('/api/api-config/:apiMasterId/get-all-apis/:endpointId', { schema: optionsSchema }, (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    return apis.mappingOptions(currentUser(request), apiMasterId, endpointId);
  });

  const automaticSchema = linkSchema(
    'The links the sandbox makes by itself (same resource, same names)',
    'The automatic links',
  );
  app.get(
    '/api/api-config/:apiMasterId/automatic-links/:endpointId',
    { schema: automaticSchema },
    (request) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      return apis.automaticLinks(currentUser(request), apiMasterId, endpointId);
    },
  );

  const linksSchema = {
    tags,
    summary: "Set which endpoints this one's answers are linked to",
    params: ZEndpointParams,
    body: ZEndpointLinks,
    response: done,
  };
  app.put(
    '/api/api-config/:apiMasterId/update-apis/:endpointId',
    { ...write, schema: linksSchema },
    async (request) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      await apis.updateLinks(
        currentUser(request),
        apiMasterId,
        endpointId,
        parseWith(ZEndpointLinks, request.body),
      );
      return { message: 'Links updated' };
    },
  );

  designRoutes(app, apis);
}
