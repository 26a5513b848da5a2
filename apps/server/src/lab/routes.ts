import { labPaths, ROLE_DEVELOPER, ZLabSendRequest } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { LabService } from './service.js';

const sendSchema = {
  tags: ['API Lab'],
  summary: 'Send a request (to a sandbox or an allowed address) and answer what came back',
  body: ZLabSendRequest,
  response: { 200: { description: 'The answer: status, headers, body and timing' } },
};

export function labRoutes(app: FastifyInstance, lab: LabService): void {
  // spec §6: a Viewer cannot send.
  app.post(labPaths.send, { config: { minRole: ROLE_DEVELOPER }, schema: sendSchema }, (request) =>
    lab.send(currentUser(request), parseWith(ZLabSendRequest, request.body)),
  );
}
