import { ZChangePasswordRequest, ZResetPasswordRequest, ZSetPasswordRequest } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../http/validate.js';
import { type AccountService, accountMessages } from './accountService.js';
import { currentUser } from './guard.js';

const open = { config: { public: true } };

const ZLoginParam = z.object({ email: z.string().trim().min(1, 'An e-mail address is required').max(254) });
const ZIdParam = z.object({ id: z.coerce.number().int().positive('The id must be a positive number') });

// Password reset, change and set, and deactivation (spec §7 Account).
export function accountRoutes(app: FastifyInstance, accounts: AccountService): void {
  app.get('/api/v1/auth/forgetPassword/:email', open, async (request) => {
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
      handler: async (request) => {
        await accounts.resetPassword(parseWith(ZResetPasswordRequest, request.body));
        return { message: accountMessages.passwordChanged };
      },
    });
  }

  app.post('/api/v1/auth/change-password', async (request) => {
    await accounts.changePassword(currentUser(request), parseWith(ZChangePasswordRequest, request.body));
    return { message: accountMessages.passwordChanged };
  });

  app.delete('/api/v1/auth/unregister/:id', async (request) => {
    const { id } = parseWith(ZIdParam, request.params);
    const { membersDeactivated } = await accounts.deactivate(currentUser(request), id);
    return { message: accountMessages.deactivated, membersDeactivated };
  });

  // Invited members have no session yet: the secret their verification handed out stands in for one.
  app.post('/api/v1/auth/setPassword/:id', open, async (request) => {
    const { id } = parseWith(ZIdParam, request.params);
    const { password, setPasswordToken } = parseWith(ZSetPasswordRequest, request.body);
    await accounts.setPassword(id, password, setPasswordToken);
    return { message: accountMessages.passwordSet };
  });
}
