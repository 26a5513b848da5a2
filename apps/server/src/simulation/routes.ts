import { behaviourMessages, ROLE_DEVELOPER, ZBehaviour } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { SimulationService } from './service.js';

const write = { config: { minRole: ROLE_DEVELOPER } };
const id = z.coerce.number().int().positive();
const ZApiParams = z.object({ apiMasterId: id });
const ZEndpointParams = z.object({ apiMasterId: id, endpointId: id });

// Traffic simulation: PUT sets a behaviour (delays, failures), DELETE removes it. The API's details
// and the endpoint's carry what is set.
export function simulationRoutes(app: FastifyInstance, simulation: SimulationService): void {
  app.put('/api/api-config/:apiMasterId/:endpointId/behaviour', write, async (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    const behaviour = parseWith(ZBehaviour, request.body);
    await simulation.setEndpointBehaviour(currentUser(request), apiMasterId, endpointId, behaviour);
    return { message: behaviourMessages.saved };
  });

  app.delete('/api/api-config/:apiMasterId/:endpointId/behaviour', write, async (request) => {
    const { apiMasterId, endpointId } = parseWith(ZEndpointParams, request.params);
    await simulation.setEndpointBehaviour(currentUser(request), apiMasterId, endpointId, null);
    return { message: behaviourMessages.removed };
  });

  app.put('/api/api-config-master/:apiMasterId/behaviour', write, async (request) => {
    const { apiMasterId } = parseWith(ZApiParams, request.params);
    const behaviour = parseWith(ZBehaviour, request.body);
    await simulation.setApiBehaviour(currentUser(request), apiMasterId, behaviour);
    return { message: behaviourMessages.saved };
  });

  app.delete('/api/api-config-master/:apiMasterId/behaviour', write, async (request) => {
    const { apiMasterId } = parseWith(ZApiParams, request.params);
    await simulation.setApiBehaviour(currentUser(request), apiMasterId, null);
    return { message: behaviourMessages.removed };
  });
}
