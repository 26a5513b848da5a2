import { copilotPaths, ROLE_DEVELOPER, ZCopilotRequest } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { CopilotService } from './service.js';

// spec §6: generating (a spec or test data) spends the AI service, so Viewers cannot.
const spend = { config: { minRole: ROLE_DEVELOPER } };
const tags = ['API Copilot'];
const ZDataParams = z.object({
  requestFlag: z.string(),
  endpointId: z.coerce.number().int().positive(),
  responseFlag: z.string(),
});
const specSchema = {
  tags,
  summary: 'Generate an OpenAPI document from a description of the API',
  body: ZCopilotRequest,
  response: { 200: { description: 'The generated OpenAPI document' } },
};
const dataSchema = {
  tags,
  summary: "Generate test data rows for an endpoint's body (the flags are always 0)",
  params: ZDataParams,
  response: { 200: { description: 'The generated rows' } },
};

export function copilotRoutes(app: FastifyInstance, copilot: CopilotService): void {
  app.post(copilotPaths.generate, { ...spend, schema: specSchema }, async (request, reply) => {
    const text = await copilot.generateSpec(currentUser(request), parseWith(ZCopilotRequest, request.body));
    return reply.type('application/json; charset=utf-8').send(text);
  });

  // testDataPaths.generate: the spec's call carries two flags, always 0, that change nothing.
  app.get(
    '/api/api-request/:requestFlag/generateDataUsingCopilot/:endpointId/:responseFlag',
    { ...spend, schema: dataSchema },
    (request) => {
      const { endpointId } = parseWith(ZDataParams, request.params);
      return copilot.generateTestData(currentUser(request), endpointId);
    },
  );
}
