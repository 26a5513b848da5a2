import {
  ZChangePasswordRequest,
  ZMessageResponse,
  ZResetPasswordRequest,
  ZSetPasswordRequest,
} from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../http/validate.js';
import { type AccountService, accountMessages } from './accountService.js';
import { currentUser } from './guard.js';

const open = { config: { public: true } };
const tags = ['Account'];
const answers = { 200: ZMessageResponse };

const ZLoginParam = z.object({ email: z.string().trim().min(1, 'An e-mail address is required').max(254) });
const ZIdParam = z.object({ id: z.coerce.number().int().positive('The id must be a positive number') });

// Password reset, change and set, and deactivation (spec §7 Account).
export function accountRoutes(app: FastifyInstance, accounts: AccountService): void {
  const forgotSchema = {
    tags,
    summary: 'Mail a password reset code to a username or e-mail address (answers "sent" whatever it is)',
    params: ZLoginParam,
    response: answers,
  };
  app.get('/api/v1/auth/forgetPassword/:email', { ...open, schema: forgotSchema }, async (request) => {
    const outcome = await accounts.sendResetCode(parseWith(ZLoginParam, request.params).email);
    // The caller hears "sent" whatever happened; the operator reads what did.
    request.log.info({ outcome }, 'password reset code requested');
    return { message: accountMessages.codeSent };
  });

  // spec §7 lists both methods.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/api/v1/auth/reset-password',
      ...open,
      schema: {
        tags,
        summary: 'Reset a forgotten password with the mailed code',
        body: ZResetPasswordRequest,
        response: answers,
      },
      handler: async (request) => {
        await accounts.resetPassword(parseWith(ZResetPasswordRequest, request.body));
        return { message: accountMessages.passwordChanged };
      },
    });
  }

  const changeSchema = {
    tags,
    summary: "Change the signed-in user's password",
    body: ZChangePasswordRequest,
    response: answers,
  };
  app.post('/api/v1/auth/change-password', { schema: changeSchema }, async (request) => {
    await accounts.changePassword(currentUser(request), parseWith(ZChangePasswordRequest, request.body));
    return { message: accountMessages.passwordChanged };
  });

  const unregisterSchema = {
    tags,
    summary:
      "Delete (deactivate) one's own account, freeing its e-mail address and username; a team owner's members go too, and the team's APIs are undeployed",
    params: ZIdParam,
    response: { 200: ZMessageResponse.extend({ membersDeactivated: z.number() }) },
  };
  app.delete('/api/v1/auth/unregister/:id', { schema: unregisterSchema }, async (request) => {
    const { id } = parseWith(ZIdParam, request.params);
    const { membersDeactivated } = await accounts.deactivate(currentUser(request), id);
    return { message: accountMessages.deactivated, membersDeactivated };
  });

  // Invited members have no session yet: the secret their verification handed out stands in for one.
  const setSchema = {
    tags,
    summary: "An invited member's first password, with the token their verification answered",
    params: ZIdParam,
    body: ZSetPasswordRequest,
    response: answers,
  };
  app.post('/api/v1/auth/setPassword/:id', { ...open, schema: setSchema }, async (request) => {
    const { id } = parseWith(ZIdParam, request.params);
    const { password, setPasswordToken } = parseWith(ZSetPasswordRequest, request.body);
    await accounts.setPassword(id, password, setPasswordToken);
    return { message: accountMessages.passwordSet };
  });
}
