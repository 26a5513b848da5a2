import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What one sandbox call adds to the metrics. */
export interface SandboxObservation {
  /** The deployed API's id; undefined when the address named none. */
  apiId: number | undefined;
  status: number;
  /** Whether validation refused the request. */
  invalid: boolean;
  seconds: number;
}

/**
 * Prometheus metrics (prom-client, a registry per server): the control plane's requests and latency
 * by route, each deployed API's sandbox calls by status class and its validation failures, the
 * PostgreSQL pool, and Node's own (event-loop lag, memory, CPU). The sandbox counts through children
 * kept per label set, so a call costs a map lookup and two additions.
 */
export function createMetrics(options: { pool?: pg.Pool } = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'Control-plane requests answered, by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Control-plane request latency, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const sandboxRequests = new Counter({
    name: 'sandbox_requests_total',
    help: 'Sandbox calls answered, by deployed API (its id; "none" when the address names none) and status class',
    labelNames: ['api', 'status_class'] as const,
    registers: [registry],
  });
  const sandboxInvalid = new Counter({
    name: 'sandbox_validation_failures_total',
    help: 'Sandbox calls refused by validation, by deployed API',
    labelNames: ['api'] as const,
    registers: [registry],
  });
  const sandboxDuration = new Histogram({
    name: 'sandbox_request_duration_seconds',
    help: 'Sandbox call latency, by deployed API',
    labelNames: ['api'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const { pool } = options;
  if (pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('db_pool_connections', 'PostgreSQL connections open', () => pool.totalCount);
    gauge('db_pool_idle_connections', 'PostgreSQL connections idle', () => pool.idleCount);
    gauge('db_pool_waiting_clients', 'Queries waiting for a PostgreSQL connection', () => pool.waitingCount);
  }

  /** Per API, its metrics' children: found once, then each call adds to them without hashing labels. */
  const perApi = new Map<string, ReturnType<typeof childrenOf>>();
  function childrenOf(api: string) {
    return {
      classes: new Map<number, ReturnType<typeof sandboxRequests.labels>>(),
      invalid: sandboxInvalid.labels(api),
      duration: sandboxDuration.labels(api),
    };
  }

  return {
    registry,

    /** Times every control-plane request (the sandbox's are not Fastify's: see observeSandbox). */
    instrument(server: FastifyInstance): void {
      server.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        httpRequests.labels(request.method, route, String(reply.statusCode)).inc();
        httpDuration.labels(request.method, route).observe(reply.elapsedTime / 1000);
      });
    },

    observeSandbox({ apiId, status, invalid, seconds }: SandboxObservation): void {
      const api = apiId === undefined ? 'none' : String(apiId);
      let children = perApi.get(api);
      if (!children) {
        children = childrenOf(api);
        perApi.set(api, children);
      }
      const statusClass = Math.floor(status / 100);
      let requests = children.classes.get(statusClass);
      if (!requests) {
        requests = sandboxRequests.labels(api, `${statusClass}xx`);
        children.classes.set(statusClass, requests);
      }
      requests.inc();
      if (invalid) children.invalid.inc();
      children.duration.observe(seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `GET /metrics` in Prometheus' text format; with a token, only for `Authorization: Bearer <token>`. */
export function metricsRoute(server: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  server.get('/metrics', { config: { public: true } }, async (request, reply) => {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token !== undefined && (given === undefined || !sameSecret(given, token))) {
      reply.code(401).header('www-authenticate', 'Bearer');
      return {
        message: 'Metrics need the token set by METRICS',
        detail: 'Send Authorization: Bearer <token>',
      };
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
