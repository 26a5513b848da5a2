import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAttemptLimiter } from './auth/attempts.js';
import { installAuthGuard } from './auth/guard.js';
import { authRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import { createSessionTokens } from './auth/sessionToken.js';
import { createUserStore } from './auth/store.js';
import type { Config } from './config.js';
import { connect, type Db } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { installErrorHandler } from './http/errorHandler.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { isClientRoute, serveWebApp } from './web/serveWebApp.js';

export interface AppOptions {
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
  logger?: boolean;
}

export interface App {
  server: FastifyInstance;
  db: Db;
  config: Config;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  const server = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { maxParamLength: 500 },
  });
  const db = connect(config);
  server.addHook('onClose', () => db.close());
  await migrate(db);

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: config.mailFrom,
      log: server.log,
    });
  const users = createUserStore(db.kysely);
  const auth = createAuthService({
    users,
    sessions: createSessionTokens(config.jwtSecret, config.jwtTtlSeconds),
    accountLimiter: createAttemptLimiter(db.kysely, { max: 10, windowSeconds: 15 * 60 }),
    addressLimiter: createAttemptLimiter(db.kysely, { max: 100, windowSeconds: 15 * 60 }),
    mailLimiter: createAttemptLimiter(db.kysely, { max: 5, windowSeconds: 15 * 60 }),
    mailer,
    publicUrl: config.publicUrl,
  });

  installErrorHandler(server);
  installAuthGuard(server, auth);
  server.get('/api/health', { config: { public: true } }, async () => ({ status: 'ok' }));
  authRoutes(server, auth);

  const webAppServed = await serveWebApp(server, config.webDistDir ?? defaultWebDist);
  server.setNotFoundHandler((request, reply) => {
    if (webAppServed && isClientRoute(request.method, request.url)) return reply.sendFile('index.html');
    return reply
      .status(404)
      .send({ message: 'Not found', detail: `${request.method} ${request.url.split('?')[0]}` });
  });

  return { server, db, config };
}
