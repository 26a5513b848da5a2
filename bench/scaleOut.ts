// Scale-out on PostgreSQL: one, two and three instances of the product on one database, the load spread
// evenly over them, against one instance on SQLite, in the same run and placed alike. The instances
// may use every core (the rest of the bench keeps servers on one): on a machine of few cores that is
// the only way another instance can add anything, and the figures say what it adds there.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startDeployedSandbox, startProduct } from './deployedSandbox.js';
import { newPet, scenarios } from './fixture.js';
import { stop } from './processes.js';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 50;
const EVERY_CORE = `0-${availableParallelism() - 1}`;
const loaded = scenarios.filter((s) => s.name !== 'GET list');

async function query(sql: string, connectionString = adminUrl): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The deployed pet store on `count` instances sharing one data store; each instance's sandbox address. */
async function startInstances(
  work: string,
  name: string,
  count: number,
  env: Record<string, string>,
): Promise<{ children: ChildProcess[]; bases: string[]; petId: string }> {
  const first = await startDeployedSandbox({ dataDir: join(work, `${name}-1`), env, cores: EVERY_CORE });
  const children = [first.child];
  const bases = [first.base];
  const path = new URL(first.base).pathname;
  for (let n = 2; n <= count; n++) {
    const other = await startProduct({ dataDir: join(work, `${name}-${n}`), env, cores: EVERY_CORE });
    children.push(other.child);
    bases.push(`${other.url}${path}`);
  }
  const created = await fetch(`${first.base}/pets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newPet),
  });
  const { id } = (await created.json()) as { id: string };
  return { children, bases, petId: id };
}

/** Every instance loaded at once, the connections shared out: total req/s and the worst p99. */
async function spreadLoad(
  bases: string[],
  petId: string,
  scenario: (typeof loaded)[number],
  seconds: number,
): Promise<{ rps: number; p99: number; non2xx: number }> {
  const runs = await Promise.all(
    bases.map((base) =>
      autocannon({
        ...scenario.request({ base, petId }),
        connections: Math.round(CONNECTIONS / bases.length),
        duration: seconds,
      }),
    ),
  );
  return {
    rps: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0)),
    p99: Math.max(...runs.map((run) => run.latency.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
  };
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
  };
  const setups = [
    { label: 'SQLite, 1 instance', name: 'scale-sqlite', count: 1, env: shared },
    ...[1, 2, 3].map((count) => ({
      label: `PostgreSQL, ${count} instance${count > 1 ? 's' : ''}`,
      name: `scale-pg-${count}`,
      count,
      env: { ...shared, DATABASE_URL: url.toString() },
    })),
  ];
  console.log(`\nscale-out: ${CONNECTIONS} connections spread over the instances, ${seconds} s per run`);
  try {
    for (const setup of setups) {
      // each PostgreSQL set-up starts from an empty database, as the SQLite one does
      if (setup.env !== shared)
        await query('DROP SCHEMA public CASCADE; CREATE SCHEMA public', url.toString());
      const started = await startInstances(work, setup.name, setup.count, setup.env);
      try {
        for (const scenario of loaded) {
          await spreadLoad(started.bases, started.petId, scenario, 2); // warm-up
          const figures = await spreadLoad(started.bases, started.petId, scenario, seconds);
          console.log(
            `${setup.label.padEnd(26)}${scenario.name.padEnd(12)}${String(figures.rps).padStart(8)} req/s  p99 ${figures.p99} ms  non-2xx ${figures.non2xx}`,
          );
        }
      } finally {
        for (const child of started.children) await stop(child);
      }
    }
  } finally {
    await query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}
