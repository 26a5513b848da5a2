// Scale-out on PostgreSQL, and what each request costs. One, two and three instances of the product on
// one database, the load spread evenly over them, against one instance on SQLite and, as the control,
// three independent SQLite instances (each its own API), in the same run and placed alike. The
// instances may use every core (the rest of the bench keeps servers on one): on a machine of few cores
// that is the only way another instance can add anything.
//
// Req/s alone prove little on two cores, where instances compete for them. What each request costs
// does: the CPU time of every instance and of every PostgreSQL process over a run, divided by the
// requests answered, and the queries each instance sent (its `db_queries_total`, counted at the
// driver; each is one round trip). GET by id is measured with 10 stored records and again with
// 100,000, on both databases: its cost must not grow with the collection.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startDeployedSandbox, startProduct } from './deployedSandbox.js';
import { newPet, scenarios } from './fixture.js';
import { cpuSeconds, cpuSecondsOfAll, stop } from './processes.js';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 50;
const EVERY_CORE = `0-${availableParallelism() - 1}`;
const [getById, , postValid] = scenarios;
/** The stored records GET by id is measured with a second time. */
const LARGE = 100_000;
/** `BENCH_SCALE_OUT=sqlite-1,pg-1` runs only those set-ups (sqlite-1, sqlite-3, pg-1, pg-2, pg-3). */
const CHOSEN = process.env.BENCH_SCALE_OUT?.split(',');

async function query(sql: string, connectionString = adminUrl): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Instance {
  child: ChildProcess;
  url: string;
  /** The pet store's sandbox address on this instance. */
  base: string;
}

/** Queries this instance has sent to PostgreSQL so far (0 on SQLite, which is in the process). */
async function queriesSent(instance: Instance): Promise<number> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  return Number(/^db_queries_total (\d+)/m.exec(text)?.[1] ?? 0);
}

interface Setup {
  label: string;
  name: string;
  count: number;
  /** Each instance its own database and API (the SQLite control) rather than one shared. */
  independent: boolean;
  postgres: boolean;
}

/** The deployed pet store on `count` instances, sharing one data store or each its own. */
async function startInstances(work: string, setup: Setup, env: Record<string, string>): Promise<Instance[]> {
  const start = (n: number) => ({ dataDir: join(work, `${setup.name}-${n}`), env, cores: EVERY_CORE });
  const first = await startDeployedSandbox(start(1));
  const instances: Instance[] = [first];
  for (let n = 2; n <= setup.count; n++) {
    if (setup.independent) instances.push(await startDeployedSandbox(start(n)));
    else {
      const other = await startProduct(start(n));
      instances.push({ ...other, base: `${other.url}${new URL(first.base).pathname}` });
    }
  }
  return instances;
}

/** Stores `count` pets through the sandboxes, spread over them; how many were stored. */
async function storePets(instances: Instance[], count: number): Promise<number> {
  const amount = Math.ceil(count / instances.length);
  if (amount === 0) return 0;
  const runs = await Promise.all(
    instances.map((instance) =>
      autocannon({
        ...postValid.request({ base: instance.base, petId: '' }),
        connections: Math.min(amount, Math.round(CONNECTIONS / instances.length)),
        amount,
      }),
    ),
  );
  return runs.reduce((sum, run) => sum + run['2xx'], 0);
}

async function aPetOf(instance: Instance): Promise<string> {
  const created = await fetch(`${instance.base}/pets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newPet),
  });
  return ((await created.json()) as { id: string }).id;
}

interface Cost {
  rps: number;
  p99: number;
  non2xx: number;
  /** CPU µs per answered request: of the instances, and of PostgreSQL. */
  instanceUs: number;
  postgresUs: number;
  /** Queries sent to PostgreSQL per answered request. */
  roundTrips: number;
}

/** Every instance loaded at once, the connections shared out, and what the requests cost. */
async function measure(
  instances: Instance[],
  petIds: string[],
  scenario: typeof getById,
  seconds: number,
): Promise<Cost> {
  const load = () =>
    Promise.all(
      instances.map((instance, n) =>
        autocannon({
          ...scenario.request({ base: instance.base, petId: petIds[n] }),
          connections: Math.round(CONNECTIONS / instances.length),
          duration: seconds,
        }),
      ),
    );
  const instanceCpu = () => instances.reduce((sum, instance) => sum + cpuSeconds(instance.child.pid ?? 0), 0);
  const queries = async () => (await Promise.all(instances.map(queriesSent))).reduce((a, b) => a + b, 0);
  const before = {
    instances: instanceCpu(),
    postgres: cpuSecondsOfAll('postgres'),
    queries: await queries(),
  };
  const runs = await load();
  const after = { instances: instanceCpu(), postgres: cpuSecondsOfAll('postgres'), queries: await queries() };
  const answered = runs.reduce((sum, run) => sum + run.requests.total, 0);
  const perRequest = (from: number, to: number) => Math.round(((to - from) * 1e6) / answered);
  return {
    rps: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0)),
    p99: Math.max(...runs.map((run) => run.latency.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
    instanceUs: perRequest(before.instances, after.instances),
    postgresUs: perRequest(before.postgres, after.postgres),
    // the metrics scrape after the run is one request more, and asks nothing of the database
    roundTrips: (after.queries - before.queries) / answered,
  };
}

function report(label: string, scenario: string, cost: Cost, postgres: boolean): void {
  const total = cost.instanceUs + (postgres ? cost.postgresUs : 0);
  console.log(
    [
      label.padEnd(30),
      scenario.padEnd(24),
      String(cost.rps).padStart(7),
      `${cost.p99} ms`.padStart(7),
      String(cost.instanceUs).padStart(7),
      (postgres ? String(cost.postgresUs) : '–').padStart(7),
      String(total).padStart(7),
      (postgres ? cost.roundTrips.toFixed(2) : '–').padStart(7),
      cost.non2xx > 0 ? `  non-2xx ${cost.non2xx}` : '',
    ].join(' '),
  );
}

export async function measureScaleOut(work: string, seconds: number): Promise<void> {
  const database = `bench_${randomBytes(5).toString('hex')}`;
  await query(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  // The instances must share their secret for a session signed by one to be accepted by another.
  const shared = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    SANDBOX_MAX_RECORDS: '100000000',
    SANDBOX_MAX_BYTES: '100gb',
    METRICS: 'on',
  };
  const setups: Setup[] = [
    { label: 'SQLite, 1 instance', name: 'sqlite-1', count: 1, independent: true, postgres: false },
    { label: 'SQLite, 3 independent', name: 'sqlite-3', count: 3, independent: true, postgres: false },
    ...[1, 2, 3].map((count) => ({
      label: `PostgreSQL, ${count} instance${count > 1 ? 's' : ''}`,
      name: `pg-${count}`,
      count,
      independent: false,
      postgres: true,
    })),
  ];
  const chosen = setups.filter((setup) => !CHOSEN || CHOSEN.includes(setup.name));
  const costs = new Map<string, Cost>();
  console.log(
    `\nscale-out and cost per request: ${CONNECTIONS} connections spread over the instances, ${seconds} s per run`,
  );
  console.log(
    `${'setup'.padEnd(30)} ${'scenario'.padEnd(24)} ${'req/s'.padStart(7)} ${'p99'.padStart(7)} ${'inst µs'.padStart(7)} ${'pg µs'.padStart(7)} ${'µs/req'.padStart(7)} ${'trips'.padStart(7)}`,
  );
  try {
    for (const setup of chosen) {
      // each PostgreSQL set-up starts from an empty database, as the SQLite ones do
      if (setup.postgres) await query('DROP SCHEMA public CASCADE; CREATE SCHEMA public', url.toString());
      const env = setup.postgres ? { ...shared, DATABASE_URL: url.toString() } : shared;
      const instances = await startInstances(work, setup, env);
      const run = async (scenario: typeof getById, name: string) => {
        const petIds = await Promise.all(
          instances.map((instance, n) => (setup.independent || n === 0 ? aPetOf(instance) : '')),
        );
        for (let n = 1; n < petIds.length; n++) petIds[n] ||= petIds[0];
        await measure(instances, petIds, scenario, 2); // warm-up
        const cost = await measure(instances, petIds, scenario, seconds);
        costs.set(`${setup.name} ${name}`, cost);
        report(setup.label, name, cost, setup.postgres);
      };
      try {
        // about ten records per API, then the GETs, the POSTs (which store many more), and the GETs again
        // once each collection holds LARGE records
        const apis = setup.independent ? instances.length : 1;
        await storePets(instances, 10 * apis);
        await run(getById, 'GET by id, 10 records');
        await run(postValid, 'POST valid');
        if (setup.count === 1) {
          // what the collection holds so far, from the list's total
          const listed = await fetch(`${instances[0].base}/pets?limit=1`);
          const stored = Number(listed.headers.get('x-total-count') ?? 0);
          await storePets(instances, Math.max(0, LARGE - stored));
          await run(getById, `GET by id, ${LARGE / 1000}k records`);
        }
      } finally {
        for (const instance of instances) await stop(instance.child);
      }
    }
  } finally {
    await query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
  summarise(costs);
}

/** The figures the issue's targets are stated in, from this run. */
function summarise(costs: Map<string, Cost>): void {
  const total = (key: string) => {
    const cost = costs.get(key) as Cost;
    return cost.instanceUs + (key.startsWith('pg') ? cost.postgresUs : 0);
  };
  const ratio = (a: string, b: string) => (total(a) / total(b)).toFixed(2);
  if (!['sqlite-1', 'sqlite-3', 'pg-1', 'pg-3'].every((setup) => costs.has(`${setup} POST valid`))) return;
  console.log('\ncost per request, in CPU µs (instances + PostgreSQL)');
  for (const scenario of ['GET by id, 10 records', 'POST valid']) {
    const growth = (setup: string) => total(`${setup}-3 ${scenario}`) / total(`${setup}-1 ${scenario}`) - 1;
    console.log(
      `${scenario.padEnd(24)} PostgreSQL ÷ SQLite, 1 instance: ${ratio(`pg-1 ${scenario}`, `sqlite-1 ${scenario}`)}×` +
        `   1 → 3 instances: PostgreSQL ${(growth('pg') * 100).toFixed(0)} %, SQLite control ${(growth('sqlite') * 100).toFixed(0)} %`,
    );
  }
  for (const setup of ['sqlite-1', 'pg-1']) {
    const large = `${setup} GET by id, ${LARGE / 1000}k records`;
    console.log(
      `GET by id, ${LARGE.toLocaleString('en')} records ÷ 10, ${setup.startsWith('pg') ? 'PostgreSQL' : 'SQLite'}: ${ratio(large, `${setup} GET by id, 10 records`)}×`,
    );
  }
}
