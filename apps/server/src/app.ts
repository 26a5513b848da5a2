import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownOriginCheck } from '@sandbox/engine/answer/originHeaders';
import type { Random } from '@sandbox/engine/answer/simulate';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { declareFromRows } from './apis/declareFromRows.js';
import { importRoutes } from './apis/importRoutes.js';
import { loadDeployedApi } from './apis/loadDeployedApi.js';
import { moveAnswersIntoModel } from './apis/moveAnswersIntoModel.js';
import { apisRoutes } from './apis/routes.js';
import { createApisService } from './apis/service.js';
import { createApiStore } from './apis/store.js';
import { accountRoutes } from './auth/accountRoutes.js';
import { createAccountService } from './auth/accountService.js';
import { createAttemptLimiter } from './auth/attempts.js';
import { installAuthGuard } from './auth/guard.js';
import { createResetCodeStore } from './auth/resetCodeStore.js';
import { authRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import { createSessionTokens } from './auth/sessionToken.js';
import { createUserStore } from './auth/store.js';
import type { Config } from './config.js';
import { copilotRoutes } from './copilot/routes.js';
import { createCopilotService } from './copilot/service.js';
import { createCopilotStore } from './copilot/store.js';
import { connect, type Db } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { feedbackRoutes } from './feedback/routes.js';
import { createFeedbackService } from './feedback/service.js';
import { createFeedbackStore } from './feedback/store.js';
import { installErrorHandler } from './http/errorHandler.js';
import { healthRoutes, type Lifecycle } from './http/health.js';
import { loggerOptions } from './http/logRedaction.js';
import { createMetrics, metricsRoute } from './http/metrics.js';
import { installOpenApi } from './http/openApi.js';
import { installSecurityHeaders } from './http/securityHeaders.js';
import { createTimedServer, type ServerTimeouts } from './http/serverTimeouts.js';
import { shutDown } from './http/shutdown.js';
import { labRoutes } from './lab/routes.js';
import { createLabService } from './lab/service.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import type { OutboundNetwork } from './outbound/network.js';
import { createUpstreamClient } from './outbound/upstreamClient.js';
import { reimportRoute } from './reimport/routes.js';
import { createRequestRecorder } from './requestLog/recorder.js';
import { requestLogRoutes } from './requestLog/routes.js';
import { createRequestLogService } from './requestLog/service.js';
import { createRequestLogStore } from './requestLog/store.js';
import { createRequestStreams } from './requestLog/streams.js';
import { SANDBOX_PREFIX } from './sandbox/capture.js';
import { createChangeFeed } from './sandbox/changeFeed.js';
import { clientAddressOf } from './sandbox/clientAddress.js';
import { createSandboxHttpHandler, type SandboxHttpHandler } from './sandbox/httpHandler.js';
import { createRecordStore } from './sandbox/recordStore.js';
import { sandboxRoutes } from './sandbox/routes.js';
import { createSandboxRuntime } from './sandbox/runtime.js';
import { simulationRoutes } from './simulation/routes.js';
import { createSimulationService } from './simulation/service.js';
import { createBehaviourStore } from './simulation/store.js';
import { teamRoutes } from './team/routes.js';
import { createTeamService } from './team/service.js';
import { createTeamStore } from './team/store.js';
import { testDataRoutes } from './testdata/routes.js';
import { createTestDataService } from './testdata/service.js';
import { createTestDataStore } from './testdata/store.js';
import { tokenRoutes } from './tokens/routes.js';
import { createTokenService } from './tokens/service.js';
import { createTokenStore } from './tokens/store.js';
import { isClientRoute, serveWebApp } from './web/serveWebApp.js';

export interface AppOptions {
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
  /** How the API Lab reaches the network (tests: a fake resolver, one allowed test address). */
  labNetwork?: OutboundNetwork;
  /** The AI helpers' time limit (tests shorten it). */
  aiTimeoutMs?: number;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Replaces the connection time limits (tests shorten them). */
  serverTimeouts?: Partial<ServerTimeouts>;
  /** Told of every route as it is registered (the authorization matrix test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** The time tokens and sessions are checked against (tests move it on rather than wait). */
  clock?: () => number;
  /** Waits between attempts to send a mail over SMTP (tests shorten them). */
  mailRetryDelaysMs?: number[];
  /** Where the traffic simulation draws delays and failures from (tests: a seeded generator). */
  simulationRandom?: Random;
  /**
   * The clock the request log stamps and ages entries by, in epoch ms: tests move it days on, apart
   * from `clock`, so the log ages while sessions stay valid.
   */
  requestLogClock?: () => number;
}

export interface App {
  server: FastifyInstance;
  db: Db;
  config: Config;
  /** Drains requests in flight and closes the server, cutting what is still open after the deadline. */
  shutdown(deadlineMs?: number): Promise<'drained' | 'forced'>;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const ABANDONED_IMPORT_MS = 15 * 60_000;

export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  let handleSandbox: SandboxHttpHandler | undefined;
  const server = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: 1024 * 1024,
    // Off unless configured: a client's own X-Forwarded-For must not pick the address it is limited by.
    trustProxy: config.trustProxy,
    // DESIGN §6: the sandbox is the hot path; its requests go straight to their handler.
    serverFactory: (fastifyHandler) =>
      createTimedServer((req, res) => {
        if (handleSandbox && req.url?.startsWith(SANDBOX_PREFIX)) void handleSandbox(req, res);
        else fastifyHandler(req, res);
      }, options.serverTimeouts),
    routerOptions: { maxParamLength: 500 },
  });
  if (options.onRoute) server.addHook('onRoute', options.onRoute);
  const db = connect(config, (error) => server.log.warn({ err: error }, 'a database connection was lost'));
  server.addHook('onClose', () => db.close());
  await migrate(db, { declareFromRows, moveAnswersIntoModel });

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: config.mailFrom,
      log: server.log,
      db: db.kysely,
      retryDelaysMs: options.mailRetryDelaysMs,
    });
  // registered after the database's: onClose hooks run last first, so the outbox stops before it closes
  if (mailer.close) server.addHook('onClose', () => mailer.close?.());
  const users = createUserStore(db.kysely);
  const signInLimiter = createAttemptLimiter(db.kysely, { max: 10, windowSeconds: 15 * 60 });
  const auth = createAuthService({
    users,
    sessions: createSessionTokens(config.jwtSecret, config.jwtTtlSeconds, options.clock),
    accountLimiter: signInLimiter,
    addressLimiter: createAttemptLimiter(db.kysely, { max: 100, windowSeconds: 15 * 60 }),
    mailLimiter: createAttemptLimiter(db.kysely, { max: 5, windowSeconds: 15 * 60 }),
    mailer,
    publicUrl: config.publicUrl,
  });

  installErrorHandler(server);
  await installSecurityHeaders(server, SANDBOX_PREFIX);
  installAuthGuard(server, auth);
  // before every route: the document lists the routes registered after it
  await installOpenApi(server);
  const lifecycle: Lifecycle = { ready: false };
  healthRoutes(server, db, lifecycle);
  const metrics = config.metrics.enabled ? createMetrics({ pool: db.pool, queries: db.queries }) : undefined;
  if (metrics) {
    metrics.instrument(server);
    metricsRoute(server, metrics, config.metrics.token);
  }
  authRoutes(server, auth);
  feedbackRoutes(
    server,
    createFeedbackService({
      store: createFeedbackStore(db.kysely),
      mailer,
      feedbackDir: join(config.dataDir, 'feedback'),
      feedbackTo: config.feedbackTo,
      log: server.log,
    }),
    join(config.dataDir, 'feedback-incoming'),
  );

  // API Lab, import by URL and the hosted proxy reach the same addresses: public ones, and those
  // OUTBOUND_ALLOW adds
  const labNetwork =
    options.labNetwork ?? (config.outboundAllow ? { allowAddress: config.outboundAllow } : undefined);
  const upstream = createUpstreamClient(labNetwork);
  const sandbox = createSandboxRuntime(db.kysely, createRecordStore(db, config.sandbox), {
    ...config.sandbox,
    loadApi: (key) => loadDeployedApi(db.kysely, key),
    upstream,
    random: options.simulationRandom,
    now: options.clock,
  });
  const requestLogStore = createRequestLogStore(db);
  const now = options.requestLogClock ?? Date.now;
  const recorder = config.requestLog.enabled
    ? createRequestRecorder(requestLogStore, { ...config.requestLog, now, log: server.log })
    : undefined;
  // registered after the database's: onClose hooks run last first, so the queue is written before it closes
  if (recorder) server.addHook('onClose', () => recorder.close());
  handleSandbox = createSandboxHttpHandler(sandbox, server.log, {
    ...config.sandbox,
    clientAddress: clientAddressOf(config.trustProxy),
    ownOrigin: ownOriginCheck(config.sandbox.url, config.publicUrl),
    requestLog: recorder,
    metrics,
  });
  const changes = await createChangeFeed(
    db,
    config.databaseUrl,
    { changed: sandbox.invalidate, missed: sandbox.invalidateAll },
    server.log,
  );
  server.addHook('onClose', () => changes.close());
  const apiStore = createApiStore(db.kysely);
  // An import takes at most a minute to read and as long to write: a mark older than this is a crash's.
  await apiStore.removeAbandonedImports(new Date(Date.now() - ABANDONED_IMPORT_MS));
  const apis = createApisService({
    store: apiStore,
    db: db.kysely,
    sandboxUrl: config.sandbox.url,
    onChange: changes.announce,
    maxApisPerTeam: config.maxApisPerTeam,
    checkUpstream: upstream.check,
  });
  apisRoutes(server, apis);
  // after the catalog's: deleting an owner's account undeploys the team's APIs
  accountRoutes(
    server,
    createAccountService({
      users,
      resetCodes: createResetCodeStore(db.kysely),
      mailer,
      secret: config.jwtSecret,
      mailLimiter: createAttemptLimiter(db.kysely, { max: 5, windowSeconds: 15 * 60 }),
      accountLimiter: createAttemptLimiter(db.kysely, { max: 10, windowSeconds: 15 * 60 }),
      signInLimiter,
      undeployTeam: apis.undeployTeam,
    }),
  );
  labRoutes(
    server,
    createLabService({
      ownOrigins: [config.publicUrl, config.sandbox.url],
      inject: (request) => server.inject(request),
      apis,
      network: labNetwork,
    }),
  );
  copilotRoutes(
    server,
    createCopilotService({
      ai: config.ai,
      store: createCopilotStore(db.kysely),
      limiter: config.aiRateLimit && createAttemptLimiter(db.kysely, config.aiRateLimit),
      aiTimeoutMs: options.aiTimeoutMs,
    }),
  );
  simulationRoutes(
    server,
    createSimulationService({ store: createBehaviourStore(db.kysely), onChange: changes.announce }),
  );
  await importRoutes(server, apis, config.imports, labNetwork, (scope, importer) =>
    reimportRoute(scope, apis, importer),
  );
  await sandboxRoutes(server, handleSandbox);
  await testDataRoutes(
    server,
    createTestDataService({
      store: createTestDataStore(db.kysely),
      onChange: changes.announce,
    }),
  );
  const tokens = createTokenService({
    store: createTokenStore(db.kysely),
    apis,
    lifetimeSeconds: config.tokenTtlSeconds,
    onChange: changes.announce,
  });
  tokenRoutes(server, tokens);
  const notBefore = () => new Date(now() - config.requestLog.maxAgeDays * 86_400_000).toISOString();
  const requestStreams = createRequestStreams(requestLogStore, recorder, notBefore, {
    streamsPerTeam: config.requestLog.streamsPerTeam,
    log: server.log,
  });
  // open streams would hold the server open: they end before it closes
  server.addHook('preClose', (done) => {
    requestStreams.closeAll();
    done();
  });
  requestLogRoutes(
    server,
    createRequestLogService({
      store: requestLogStore,
      recorder,
      apis,
      tokens,
      notBefore,
      pageBytes: config.requestLog.pageBytes,
      now,
    }),
    requestStreams,
  );

  teamRoutes(
    server,
    createTeamService({ store: createTeamStore(db.kysely), users, mailer, publicUrl: config.publicUrl }),
  );

  const webAppServed = await serveWebApp(server, config.webDistDir ?? defaultWebDist);
  server.setNotFoundHandler((request, reply) => {
    if (webAppServed && isClientRoute(request.method, request.url)) return reply.sendFile('index.html');
    return reply
      .status(404)
      .send({ message: 'Not found', detail: `${request.method} ${request.url.split('?')[0]}` });
  });

  lifecycle.ready = true;
  return {
    server,
    db,
    config,
    shutdown: (deadlineMs = config.shutdownDeadlineMs) => shutDown(server, lifecycle, deadlineMs),
  };
}
