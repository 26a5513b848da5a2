import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type Metric,
  type MetricValue,
  Registry,
} from 'prom-client';

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
 * PostgreSQL pool, and Node's own (event-loop lag, memory, CPU).
 */
export function createMetrics(options: { pool?: pg.Pool; queries?: () => number } = {}) {
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
  const sandbox = sandboxMetrics(registry);
  // only forwarded calls are checked on both sides: a prom-client counter costs the mock's hot path nothing
  const violations = new Counter({
    name: 'sandbox_upstream_violations_total',
    help: 'Violations of the document found in calls forwarded to an Upstream URL, by deployed API and direction (request or response)',
    labelNames: ['api', 'direction'] as const,
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
  const { queries } = options;
  if (queries) {
    let reported = 0;
    new Counter({
      name: 'db_queries_total',
      help: 'Queries sent to PostgreSQL, each one round trip',
      registers: [registry],
      collect() {
        const sent = queries();
        this.inc(sent - reported);
        reported = sent;
      },
    });
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

    observeSandbox: sandbox.observe,

    /** Counts what a forwarded call broke of the document, on each side. */
    observeViolations(apiId: number | undefined, found: { direction: 'request' | 'response' }[]): void {
      const api = apiId === undefined ? 'none' : String(apiId);
      for (const { direction } of found) violations.labels(api, direction).inc();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** One deployed API's sandbox calls, in plain numbers. */
interface ApiCalls {
  api: string;
  /** Calls by status class: index 1 for 1xx up to 5 for 5xx. */
  byClass: number[];
  invalid: number;
  /** Calls by the first bucket their duration fits (the last: longer than every bound). */
  inBucket: number[];
  seconds: number;
  count: number;
}

/**
 * The sandbox's three metrics, kept as plain numbers per deployed API and written out only when
 * scraped: a call costs a map lookup and a few additions, where prom-client's own counters and
 * histograms hash their labels on every call (several µs a call, several % of the sandbox's
 * throughput). Each is registered as prom-client's registry expects a metric: a name, a help, a type
 * and its values.
 */
function sandboxMetrics(registry: Registry) {
  const perApi = new Map<number | undefined, ApiCalls>();
  const register = (
    name: string,
    help: string,
    type: 'counter' | 'histogram',
    values: () => MetricValue<string>[],
  ) => {
    const metric = {
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => perApi.clear(),
    };
    registry.registerMetric(metric as unknown as Metric);
  };
  const all = () => [...perApi.values()];

  register(
    'sandbox_requests_total',
    'Sandbox calls answered, by deployed API (its id; "none" when the address names none) and status class',
    'counter',
    () =>
      all().flatMap(({ api, byClass }) =>
        byClass.flatMap((value, statusClass) =>
          value > 0 ? [{ labels: { api, status_class: `${statusClass}xx` }, value }] : [],
        ),
      ),
  );
  register(
    'sandbox_validation_failures_total',
    'Sandbox calls refused by validation, by deployed API',
    'counter',
    () => all().map(({ api, invalid }) => ({ labels: { api }, value: invalid })),
  );
  const duration = 'sandbox_request_duration_seconds';
  register(duration, 'Sandbox call latency, by deployed API', 'histogram', () =>
    all().flatMap(({ api, inBucket, seconds, count }) => {
      const buckets = [];
      for (let i = 0, below = 0; i < DURATION_BUCKETS.length; i++) {
        below += inBucket[i] as number;
        buckets.push({
          metricName: `${duration}_bucket`,
          labels: { api, le: DURATION_BUCKETS[i] },
          value: below,
        });
      }
      return [
        ...buckets,
        { metricName: `${duration}_bucket`, labels: { api, le: '+Inf' }, value: count },
        { metricName: `${duration}_sum`, labels: { api }, value: seconds },
        { metricName: `${duration}_count`, labels: { api }, value: count },
      ];
    }),
  );

  return {
    observe({ apiId, status, invalid, seconds }: SandboxObservation): void {
      let calls = perApi.get(apiId);
      if (!calls) {
        calls = {
          api: apiId === undefined ? 'none' : String(apiId),
          byClass: [0, 0, 0, 0, 0, 0],
          invalid: 0,
          inBucket: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
          seconds: 0,
          count: 0,
        };
        perApi.set(apiId, calls);
      }
      const statusClass = Math.floor(status / 100);
      if (statusClass >= 1 && statusClass <= 5) calls.byClass[statusClass] += 1;
      if (invalid) calls.invalid += 1;
      let bucket = 0;
      while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket++;
      calls.inBucket[bucket] += 1;
      calls.seconds += seconds;
      calls.count += 1;
    },
  };
}

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
