import { ROLE_DEVELOPER, tokenMessages, ZMessageResponse } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { TokenService } from './service.js';

const write = { config: { minRole: ROLE_DEVELOPER } };
const id = z.coerce.number().int().positive();
const ZApiParams = z.object({ apiMasterId: id });
const ZTokenParams = z.object({ tokenId: id });
const tags = ['Tokens'];
const oneToken = { 200: { description: 'The token: shown in full this once' } };

export function tokenRoutes(app: FastifyInstance, tokens: TokenService): void {
  const listSchema = {
    tags,
    summary: "The team's sandbox tokens",
    response: { 200: { description: 'The tokens, masked, with their API and expiry' } },
  };
  app.get('/api/tokens', { schema: listSchema }, (request) => tokens.list(currentUser(request)));

  const generateSchema = {
    tags,
    summary: "A new token for an API's sandbox",
    params: ZApiParams,
    response: oneToken,
  };
  app.get('/api/generateToken/:apiMasterId', { ...write, schema: generateSchema }, (request) => {
    const { apiMasterId } = parseWith(ZApiParams, request.params);
    return tokens.generate(currentUser(request), apiMasterId);
  });

  const regenerateSchema = {
    tags,
    summary: 'Replace a token with a new one: the old one stops working',
    params: ZTokenParams,
    response: oneToken,
  };
  app.post('/api/tokens/:tokenId/regenerate', { ...write, schema: regenerateSchema }, (request) => {
    const { tokenId } = parseWith(ZTokenParams, request.params);
    return tokens.regenerate(currentUser(request), tokenId);
  });

  const deleteSchema = {
    tags,
    summary: 'Delete a token',
    params: ZTokenParams,
    response: { 200: ZMessageResponse },
  };
  app.delete('/api/deleteToken/:tokenId', { ...write, schema: deleteSchema }, async (request) => {
    const { tokenId } = parseWith(ZTokenParams, request.params);
    await tokens.remove(currentUser(request), tokenId);
    return { message: tokenMessages.deleted };
  });
}
