import { copilotPaths, ROLE_DEVELOPER, ZCopilotRequest } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { CopilotService } from './service.js';

// spec §6: generating (a spec or test data) spends the AI service, so Viewers cannot.
const spend = { config: { minRole: ROLE_DEVELOPER } };

export function copilotRoutes(app: FastifyInstance, copilot: CopilotService): void {
  app.post(copilotPaths.generate, spend, async (request, reply) => {
    const text = await copilot.generateSpec(currentUser(request), parseWith(ZCopilotRequest, request.body));
    return reply.type('application/json; charset=utf-8').send(text);
  });

  // testDataPaths.generate: the spec's call carries two flags, always 0, that change nothing.
  app.get(
    '/api/api-request/:requestFlag/generateDataUsingCopilot/:endpointId/:responseFlag',
    spend,
    (request) => {
      const { endpointId } = parseWith(
        z.object({ endpointId: z.coerce.number().int().positive() }),
        request.params,
      );
      return copilot.generateTestData(currentUser(request), endpointId);
    },
  );
}
