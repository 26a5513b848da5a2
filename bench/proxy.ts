// `api-sandbox proxy` in the bench: the latency it adds to a call (checking the request and the
// upstream's answer against the document) beside a bare forwarding proxy of the bench's own, both in
// front of one local Petstore upstream, measured in the same run. autocannon gives req/s and its
// p50/p99 (whole milliseconds); a sequential run of timed calls gives the added latency to the µs.
import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { CLI } from './cli.js';
import { freePort, startProcess, stop, waitFor } from './processes.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIMED_CALLS = 3000;
const petstore = createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json');
const PET = JSON.stringify({
  id: 1,
  name: 'Rex',
  category: { id: 1, name: 'dogs' },
  photoUrls: ['https://example.com/rex.png'],
  tags: [{ id: 1, name: 'good' }],
  status: 'available',
});

/** The Petstore's `GET /pet/{petId}` as an upstream answers it, correctly. */
const upstreamScript = (port: number) =>
  `require('node:http').createServer((q,s)=>{q.resume();q.on('end',()=>{s.writeHead(200,{'content-type':'application/json'});s.end(${JSON.stringify(PET)})})}).listen(${port},'127.0.0.1')`;

/** A forwarding proxy and nothing else: the request's method, path and headers on, the answer back. */
const bareProxyScript = (port: number, upstream: number) =>
  `const http=require('node:http');const agent=new http.Agent({keepAlive:true});http.createServer((q,s)=>{const chunks=[];q.on('data',c=>chunks.push(c));q.on('end',()=>{const{host,connection,...headers}=q.headers;const u=http.request({host:'127.0.0.1',port:${upstream},method:q.method,path:q.url,headers,agent},a=>{const b=[];a.on('data',c=>b.push(c));a.on('end',()=>{const body=Buffer.concat(b);const{connection,'transfer-encoding':t,'keep-alive':k,...back}=a.headers;back['content-length']=body.length;s.writeHead(a.statusCode,back);s.end(body)})});u.on('error',()=>{s.writeHead(502);s.end()});u.end(Buffer.concat(chunks))})}).listen(${port},'127.0.0.1')`;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

const call = { path: '/pet/1', headers: { api_key: 'bench-key', accept: 'application/json' } };

async function load(base: string): Promise<Figures> {
  const result = await autocannon({
    url: `${base}${call.path}`,
    headers: call.headers,
    connections: 10,
    duration: DURATION_S,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

/** Microseconds per call, one call at a time on a kept-alive connection: their median and p99. */
async function timedCalls(base: string): Promise<{ p50: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(base);
  const times: number[] = [];
  for (let i = 0; i < TIMED_CALLS; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const asked = request(
        { host: hostname, port, path: call.path, headers: call.headers, agent },
        (answer) => {
          answer.resume();
          answer.on('end', () =>
            answer.statusCode === 200 ? resolve() : reject(new Error(`status ${answer.statusCode}`)),
          );
        },
      );
      asked.on('error', reject);
      asked.end();
    });
    times.push((performance.now() - started) * 1000);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    p50: Math.round(times[Math.floor(times.length / 2)]),
    p99: Math.round(times[Math.floor(times.length * 0.99)]),
  };
}

const median = <T>(values: T[], by: (value: T) => number) =>
  [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)];

/** Prints both proxies' figures and what `api-sandbox proxy` adds (target: at most 1 ms at p50). */
export async function measureProxyLatency(): Promise<void> {
  const children: ChildProcess[] = [];
  try {
    const upstreamPort = await freePort();
    children.push(startProcess(process.execPath, ['-e', upstreamScript(upstreamPort)]));
    await waitFor(`http://127.0.0.1:${upstreamPort}/pet/1`);
    const barePort = await freePort();
    children.push(startProcess(process.execPath, ['-e', bareProxyScript(barePort, upstreamPort)]));
    const proxyPort = await freePort();
    const upstream = `http://127.0.0.1:${upstreamPort}`;
    children.push(
      startProcess(process.execPath, [
        CLI,
        'proxy',
        petstore,
        upstream,
        '-p',
        String(proxyPort),
        '-v',
        'warn',
        '--watch=false',
      ]),
    );
    const proxies = { bare: `http://127.0.0.1:${barePort}`, 'api-sandbox': `http://127.0.0.1:${proxyPort}` };
    for (const base of Object.values(proxies)) {
      await waitFor(`${base}/pet/1`, { headers: call.headers });
      await autocannon({ url: `${base}${call.path}`, headers: call.headers, connections: 10, duration: 2 }); // warm-up
    }
    const loaded = { bare: [] as Figures[], 'api-sandbox': [] as Figures[] };
    const timed = {
      bare: [] as { p50: number; p99: number }[],
      'api-sandbox': [] as { p50: number; p99: number }[],
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, base] of Object.entries(proxies) as [keyof typeof proxies, string][]) {
        loaded[name].push(await load(base));
        timed[name].push(await timedCalls(base));
      }
    }
    console.log(`\nProxies in front of a local Petstore upstream: GET /pet/1, median of ${ROUNDS} rounds`);
    console.log(
      `${'proxy'.padEnd(14)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'non-2xx'.padStart(9)}${'1 call p50 µs'.padStart(15)}${'p99 µs'.padStart(8)}`,
    );
    for (const name of Object.keys(proxies) as (keyof typeof proxies)[]) {
      const f = median(loaded[name], (x) => x.rps);
      const t = median(timed[name], (x) => x.p50);
      console.log(
        `${name.padEnd(14)}${String(f.rps).padStart(8)}${String(f.p50).padStart(8)}${String(f.p99).padStart(8)}${String(f.non2xx).padStart(9)}${String(t.p50).padStart(15)}${String(t.p99).padStart(8)}`,
      );
    }
    const [ours, bare] = [median(timed['api-sandbox'], (x) => x.p50), median(timed.bare, (x) => x.p50)];
    const [oursLoaded, bareLoaded] = [
      median(loaded['api-sandbox'], (x) => x.rps),
      median(loaded.bare, (x) => x.rps),
    ];
    console.log(
      `api-sandbox proxy adds ${((ours.p50 - bare.p50) / 1000).toFixed(3)} ms at p50 and ${((ours.p99 - bare.p99) / 1000).toFixed(3)} ms at p99 one call at a time (target: at most 1 ms at p50); under 10 connections ${oursLoaded.p50 - bareLoaded.p50} ms at p50, ${oursLoaded.p99 - bareLoaded.p99} ms at p99`,
    );
  } finally {
    for (const child of children) await stop(child);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureProxyLatency();
