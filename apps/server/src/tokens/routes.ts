import { ROLE_DEVELOPER, tokenMessages } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { TokenService } from './service.js';

const write = { config: { minRole: ROLE_DEVELOPER } };
const id = z.coerce.number().int().positive();
const ZApiParams = z.object({ apiMasterId: id });
const ZTokenParams = z.object({ tokenId: id });

export function tokenRoutes(app: FastifyInstance, tokens: TokenService): void {
  app.get('/api/tokens', (request) => tokens.list(currentUser(request)));

  app.get('/api/generateToken/:apiMasterId', write, (request) => {
    const { apiMasterId } = parseWith(ZApiParams, request.params);
    return tokens.generate(currentUser(request), apiMasterId);
  });

  app.post('/api/tokens/:tokenId/regenerate', write, (request) => {
    const { tokenId } = parseWith(ZTokenParams, request.params);
    return tokens.regenerate(currentUser(request), tokenId);
  });

  app.delete('/api/deleteToken/:tokenId', write, async (request) => {
    const { tokenId } = parseWith(ZTokenParams, request.params);
    await tokens.remove(currentUser(request), tokenId);
    return { message: tokenMessages.deleted };
  });
}
