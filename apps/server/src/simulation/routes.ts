import { behaviourMessages, ROLE_DEVELOPER, ZBehaviour, ZMessageResponse } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { SimulationService } from './service.js';

const write = { config: { minRole: ROLE_DEVELOPER } };
const id = z.coerce.number().int().positive();
const ZApiParams = z.object({ apiMasterId: id });
const ZEndpointParams = z.object({ apiMasterId: id, endpointId: id });
const tags = ['Traffic simulation'];
const done = { 200: ZMessageResponse };
const setEndpoint = {
  tags,
  summary: "Make an endpoint's sandbox answers slow or failing",
  params: ZEndpointParams,
  body: ZBehaviour,
  response: done,
};
const removeEndpoint = {
  tags,
  summary: "Remove an endpoint's behaviour",
  params: ZEndpointParams,
  response: done,
};
const setApi = {
  ...setEndpoint,
  summary: "Make all of an API's sandbox answers slow or failing",
  params: ZApiParams,
};
const removeApi = { tags, summary: "Remove an API's behaviour", params: ZApiParams, response: done };

// Traffic simulation: PUT sets a behaviour (delays, failures), DELETE removes it. The API's details
// and the endpoint's carry what is set.
export function simulationRoutes(app: FastifyInstance, simulation: SimulationService): void {
  app.put(
    '/api/api-config/:apiMasterId/:endpointId/behaviour',
    { ...write, schema: setEndpoint },
    async (request) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      const behaviour = parseWith(ZBehaviour, request.body);
      await simulation.setEndpointBehaviour(currentUser(request), apiMasterId, endpointId, behaviour);
      return { message: behaviourMessages.saved };
    },
  );

  app.delete(
    '/api/api-config/:apiMasterId/:endpointId/behaviour',
    { ...write, schema: removeEndpoint },
    async (request) => {
      const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
      await simulation.setEndpointBehaviour(currentUser(request), apiMasterId, endpointId, null);
      return { message: behaviourMessages.removed };
    },
  );

  app.put('/api/api-config-master/:apiMasterId/behaviour', { ...write, schema: setApi }, async (request) => {
    const { apiMasterId } = parseWith(ZApiParams, request.params);
    const behaviour = parseWith(ZBehaviour, request.body);
    await simulation.setApiBehaviour(currentUser(request), apiMasterId, behaviour);
    return { message: behaviourMessages.saved };
  });

  app.delete(
    '/api/api-config-master/:apiMasterId/behaviour',
    { ...write, schema: removeApi },
    async (request) => {
      const { apiMasterId } = parseWith(ZApiParams, request.params);
      await simulation.setApiBehaviour(currentUser(request), apiMasterId, null);
      return { message: behaviourMessages.removed };
    },
  );
}
