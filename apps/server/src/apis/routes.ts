import {
  ROLE_DEVELOPER,
  ZAnswerSeed,
  ZApiMasterSave,
  ZEndpointLinks,
  ZHeaderRows,
  ZParameterRows,
  ZResponseCreate,
  ZResponseUpdate,
  ZSchemaSave,
} from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { ApisService } from './service.js';

const write = { config: { minRole: ROLE_DEVELOPER } };
const id = z.coerce.number().int().positive();
const ZApiParams = z.object({ apiMasterId: id });
const ZEndpointParams = z.object({ apiMasterId: id, endpointId: id });

// spec §7 APIs; `projectId` in the spec's paths is an API (master) id, `apiId` an endpoint id.
export function apisRoutes(app: FastifyInstance, apis: ApisService): void {
  app.get('/api/api-config-master', (request) => apis.list(currentUser(request)));
  app.get('/api/api-config-master/deployed', (request) => apis.list(currentUser(request), true));

  app.post('/api/api-config-master', write, async (request, reply) => {
    const input = parseWith(ZApiMasterSave, request.body);
    const saved = await apis.save(currentUser(request), input);
    return reply.status(input.id === undefined ? 201 : 200).send(saved);
  });

  app.get('/api/api-config-master/:apiMasterId', (request) =>
    apis.getOne(currentUser(request), parseWith(ZApiParams, request.params).apiMasterId),
  );

  app.delete('/api/api-config-master/:apiMasterId', write, async (request) => {
    await apis.remove(currentUser(request), parseWith(ZApiParams, request.params).apiMasterId);
    return { message: 'API deleted' };
  });

  app.put('/api/api-config-master/:apiMasterId/answer-seed', write, async (request) => {
    const { apiMasterId } = parseWith(ZApiParams, request.params);
    const { seed } = parseWith(ZAnswerSeed, request.body);
    await apis.setAnswerSeed(currentUser(request), apiMasterId, seed);
    return { message: seed === null ? 'Answers are random' : 'Answers are deterministic' };
  });

  app.get('/api/api-config-master/:apiMasterId/openapi', async (request, reply) => {
    const { apiMasterId } = parseWith(ZApiParams, request.params);
    const document = await apis.exportDocument(currentUser(request), apiMasterId);
    const fileName = `${document.info.title.replace(/[^\w.-]+/g, '-')}-openapi.json`;
    return reply.header('content-disposition', `attachment; filename="${fileName}"`).send(document);
  });

  app.get('/api/api-publish/:apiMasterId/publish', write, (request) =>
    apis.publish(currentUser(request), parseWith(ZApiParams, request.params).apiMasterId),
  );

  app.get('/api/api-config/:apiMasterId/httpStatusCode', () => apis.httpStatusCodes());

  app.get('/api/api-config/:apiMasterId/:endpointId', (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    return apis.endpointDetail(currentUser(request), apiMasterId, endpointId);
  });

  app.post('/api/parameter-config/:endpointId', write, async (request) => {
    const { endpointId } = parseWith(z.object({ endpointId: id }), request.params);
    await apis.updateParameters(currentUser(request), endpointId, parseWith(ZParameterRows, request.body));
    return { message: 'Parameters updated' };
  });

  app.put('/api/api-config/:apiMasterId/:endpointId/headers', write, async (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    await apis.updateHeaders(
      currentUser(request),
      apiMasterId,
      endpointId,
      parseWith(ZHeaderRows, request.body),
    );
    return { message: 'Headers updated' };
  });

  app.put('/api/api-config/:apiMasterId/schemas/:schemaName', write, (request) => {
    const { apiMasterId, schemaName } = parseWith(
      ZApiParams.extend({ schemaName: z.string().min(1).max(300) }),
      request.params,
    );
    return apis.saveSchema(
      currentUser(request),
      apiMasterId,
      schemaName,
      parseWith(ZSchemaSave, request.body),
    );
  });

  app.post('/api/api-config/:apiMasterId/:endpointId/responses', write, async (request, reply) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    const created = await apis.createResponse(
      currentUser(request),
      apiMasterId,
      endpointId,
      parseWith(ZResponseCreate, request.body),
    );
    return reply.status(201).send(created);
  });

  app.post('/api/api-config/:responseId/update-response-code/:code', write, (request) => {
    const { responseId, code } = parseWith(
      z.object({ responseId: id, code: z.string().max(3) }),
      request.params,
    );
    return apis.updateResponseCode(
      currentUser(request),
      responseId,
      code,
      parseWith(ZResponseUpdate, request.body),
    );
  });

  app.get('/api/api-config/:apiMasterId/map-params/:endpointId', (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    return apis.mapParams(currentUser(request), apiMasterId, endpointId);
  });

  app.get('/api/api-config/:apiMasterId/get-all-apis/:endpointId', (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    return apis.mappingOptions(currentUser(request), apiMasterId, endpointId);
  });

  app.get('/api/api-config/:apiMasterId/automatic-links/:endpointId', (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    return apis.automaticLinks(currentUser(request), apiMasterId, endpointId);
  });

  app.put('/api/api-config/:apiMasterId/update-apis/:endpointId', write, async (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    await apis.updateLinks(
      currentUser(request),
      apiMasterId,
      endpointId,
      parseWith(ZEndpointLinks, request.body),
    );
    return { message: 'Links updated' };
  });
}
