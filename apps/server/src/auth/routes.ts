import { type VerifyResponse, ZAuthenticateRequest, ZEmail, ZRegisterRequest } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Invalid } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import { currentUser } from './guard.js';
import { type AuthService, authMessages } from './service.js';

const open = { config: { public: true } };

// The server checks only what it must (presence, length, shape), not the sign-in form's length rules.
const ZSignIn = ZAuthenticateRequest.extend({ password: z.string().min(1).max(200) });
const ZVerifyParams = z.object({
  token: z.string().min(1).max(200),
  isTeamMember: z.enum(['true', 'false']).default('false'),
  userId: z.coerce.number().int().min(0).default(0),
});

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post('/api/v1/auth/register', open, async (request, reply) => {
    await auth.register(parseWith(ZRegisterRequest, request.body));
    return reply.status(201).send({ message: authMessages.registered });
  });

  app.post('/api/v1/auth/authenticate', open, async (request) => {
    const { username, password } = parseWith(ZSignIn, request.body);
    return auth.authenticate(username, password, request.ip);
  });

  const verify = async (params: unknown): Promise<VerifyResponse> => {
    const { token, userId } = parseWith(ZVerifyParams, params);
    const { setPasswordToken } = await auth.verify(token, userId === 0 ? undefined : userId);
    return { message: authMessages.verified, setPasswordToken };
  };
  app.post('/api/v1/auth/verification/:token', open, (request) => verify(request.params));
  app.post('/api/v1/auth/verification/:token/:isTeamMember/:userId', open, (request) =>
    verify(request.params),
  );

  app.get('/api/v1/auth/resendVerificationLink/:email', open, async (request) => {
    const email = ZEmail.safeParse((request.params as { email: string }).email);
    if (!email.success) throw new Invalid(email.error.issues[0]?.message ?? 'Invalid email address.');
    const outcome = await auth.resendVerification(email.data);
    // The caller hears "sent" whatever happened; the operator reads what did.
    request.log.info({ outcome }, 'verification link requested');
    return { message: authMessages.linkSent };
  });

  app.get('/api/v1/auth/me', (request) => auth.toSessionUser(currentUser(request)));
}
