import {
  type VerifyResponse,
  ZAuthenticateRequest,
  ZAuthenticateResponse,
  ZEmail,
  ZMessageResponse,
  ZRegisterRequest,
  ZSessionUser,
  ZVerifyResponse,
} from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Invalid } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import { currentUser } from './guard.js';
import { type AuthService, authMessages } from './service.js';

const open = { config: { public: true } };
const tags = ['Account'];

// The server checks only what it must (presence, length, shape), not the sign-in form's length rules.
const ZSignIn = ZAuthenticateRequest.extend({ password: z.string().min(1).max(200) });
const ZVerifyParams = z.object({
  token: z.string().min(1).max(200),
  isTeamMember: z.enum(['true', 'false']).default('false'),
  userId: z.coerce.number().int().min(0).default(0),
});

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  const registerSchema = {
    tags,
    summary: 'Sign up: the account waits for its e-mail address to be verified',
    body: ZRegisterRequest,
    response: { 201: ZMessageResponse },
  };
  app.post('/api/v1/auth/register', { ...open, schema: registerSchema }, async (request, reply) => {
    await auth.register(parseWith(ZRegisterRequest, request.body));
    return reply.status(201).send({ message: authMessages.registered });
  });

  const signInSchema = {
    tags,
    summary: 'Sign in: answers the session token (a bearer JWT) and who signed in',
    body: ZSignIn,
    response: { 200: ZAuthenticateResponse },
  };
  app.post('/api/v1/auth/authenticate', { ...open, schema: signInSchema }, async (request) => {
    const { username, password } = parseWith(ZSignIn, request.body);
    return auth.authenticate(username, password, request.ip);
  });

  const verify = async (params: unknown): Promise<VerifyResponse> => {
    const { token, userId } = parseWith(ZVerifyParams, params);
    const { setPasswordToken, alreadyVerified } = await auth.verify(token, userId === 0 ? undefined : userId);
    if (alreadyVerified) return { message: authMessages.alreadyVerified, alreadyVerified };
    return { message: authMessages.verified, setPasswordToken };
  };
  const verifySchema = {
    tags,
    summary:
      "Verify an e-mail address with its link's token; an invited member also gets a set-password token. A link of an address already verified answers alreadyVerified",
    response: { 200: ZVerifyResponse },
  };
  app.post(
    '/api/v1/auth/verification/:token',
    { ...open, schema: { ...verifySchema, params: ZVerifyParams.pick({ token: true }) } },
    (request) => verify(request.params),
  );
  app.post(
    '/api/v1/auth/verification/:token/:isTeamMember/:userId',
    { ...open, schema: { ...verifySchema, params: ZVerifyParams } },
    (request) => verify(request.params),
  );

  const resendSchema = {
    tags,
    summary: 'Send the verification link again (answers "sent" whatever the address)',
    params: z.object({ email: ZEmail }),
    response: { 200: ZMessageResponse },
  };
  app.get(
    '/api/v1/auth/resendVerificationLink/:email',
    { ...open, schema: resendSchema },
    async (request) => {
      const email = ZEmail.safeParse((request.params as { email: string }).email);
      if (!email.success) throw new Invalid(email.error.issues[0]?.message ?? 'Invalid email address.');
      const outcome = await auth.resendVerification(email.data);
      // The caller hears "sent" whatever happened; the operator reads what did.
      request.log.info({ outcome }, 'verification link requested');
      return { message: authMessages.linkSent };
    },
  );

  const meSchema = { tags, summary: 'The signed-in user', response: { 200: ZSessionUser } };
  app.get('/api/v1/auth/me', { schema: meSchema }, (request) => auth.toSessionUser(currentUser(request)));
}
