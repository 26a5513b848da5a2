// Router micro-benchmark: sandbox route lookups per second on a generated 2,000-operation API and on
// the petstore, requests spread over every operation. Run: npm run bench:router

import { Router } from '@sandbox/engine/answer/matchRoute';
import { parse } from 'yaml';
import { petstoreYaml } from '../apps/server/test/support/petstore.js';
import { generateLargeDocument } from '../packages/engine/test/support/import/generateDocument.js';

interface Lookup {
  lookup(method: string, path: string): { kind: string };
}

type Paths = Record<string, Record<string, unknown>>;
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']);

/** Every operation as (method, template), and one request path per operation with its parameters filled. */
export function operationsOf(paths: Paths): { method: string; template: string; path: string }[] {
  return Object.entries(paths).flatMap(([template, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.has(key))
      .map((key, i) => ({
        method: key.toUpperCase(),
        template,
        path: template.replace(/\{[^}]+\}/g, () => `${1000 + i}`),
      })),
  );
}

export function measure(name: string, build: () => Lookup, paths: Paths, seconds = 2): number {
  const operations = operationsOf(paths);
  const router = build();
  const requests = operations.map((o) => [o.method, o.path] as const);
  for (const [method, path] of requests)
    if (router.lookup(method, path).kind !== 'found') throw new Error(`${name}: ${method} ${path} not found`);
  let count = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < requests.length; i++) {
      const [method, path] = requests[i] as readonly [string, string];
      router.lookup(method, path);
    }
    count += requests.length;
  }
  const rate = count / seconds;
  console.log(
    `${name.padEnd(40)} ${operations.length} operations  ${Math.round(rate).toLocaleString('en')} lookups/s`,
  );
  return rate;
}

function routerOf(paths: Paths): Lookup {
  const router = new Router<string>();
  for (const o of operationsOf(paths)) router.add(o.method, o.template, o.template);
  return router;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const large = generateLargeDocument({ operations: 2000 }).paths as Paths;
  const petstore = (parse(petstoreYaml) as { paths: Paths }).paths;
  for (let run = 0; run < 2; run++) {
    measure('find-my-way router, 2,000 operations', () => routerOf(large), large);
    measure('find-my-way router, petstore', () => routerOf(petstore), petstore);
  }
}
