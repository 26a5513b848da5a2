import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import {
  type ConformanceCase,
  checkAnswer,
  type DeployedDocument,
  deployDocument,
  documentKey,
  send,
} from './runConformance.js';

// Every module of cases/ exports `cases`; each case runs as its own test over a real socket.
const folder = new URL('./cases/', import.meta.url);
const files = readdirSync(folder)
  .filter((name) => /\.ts$/.test(name) && !name.endsWith('.d.ts'))
  .sort();
const suites = await Promise.all(
  files.map(async (file) => {
    const module = (await import(new URL(file, folder).href)) as { cases?: ConformanceCase[] };
    return { file, cases: module.cases ?? [] };
  }),
);

describe('the sandbox answers as the document says', () => {
  let app: TestApp;
  let auth: { authorization: string };
  // one deployed API per distinct document, deployed when its first case runs
  const deployed = new Map<string, Promise<DeployedDocument>>();
  const targetOf = (c: ConformanceCase) => {
    const key = documentKey(c);
    let target = deployed.get(key);
    if (!target) {
      target = deployDocument(app, auth, c);
      deployed.set(key, target);
    }
    return target;
  };

  beforeAll(async () => {
    app = await startTestApp('sqlite');
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app?.close());

  it('finds case files, each case named once in its file', () => {
    expect(suites.length).toBeGreaterThan(0);
    for (const { file, cases } of suites) {
      expect(cases.length, `${file} exports no cases`).toBeGreaterThan(0);
      const names = cases.map((c) => c.name);
      expect(
        names.filter((name, i) => names.indexOf(name) !== i),
        file,
      ).toEqual([]);
    }
  });

  for (const { file, cases } of suites) {
    describe(file.replace(/\.ts$/, ''), () => {
      for (const c of cases) {
        it(c.name, async () => {
          const target = await targetOf(c);
          for (const first of c.before ?? []) await send(target, first);
          const answer = await send(target, c.request);
          const shown = `${c.request.method} ${c.request.path} answered ${answer.status} ${JSON.stringify(answer.headers)}\n${answer.text.slice(0, 600)}`;
          expect(checkAnswer(c.expect, answer), shown).toEqual([]);
        });
      }
    });
  }
});
