import { ImportError } from '@sandbox/engine/import/ImportError';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { swagger2Petstore } from '../../../../packages/engine/test/support/import/petstores.js';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importFields } from '../../test/support/catalog.js';
import { refusalOf } from '../../test/support/import/refusalOf.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { TooManyRequests } from '../http/errors.js';
import { createImportWorker, type ImportWorker } from './importInWorker.js';

const bytes = (text: string) => [Buffer.from(text, 'utf8')];
const petstore = () => bytes(JSON.stringify(swagger2Petstore()));

/** A Postman Collection v2.1 of `requests` requests, each its own path: the worker reads it for a while. */
function postmanCollection(requests: number): Uint8Array[] {
  const item = Array.from({ length: requests }, (_, index) => ({
    name: `Request ${index}`,
    request: {
      method: 'GET',
      url: {
        raw: `https://api.example.com/things/${index}`,
        host: ['api', 'example', 'com'],
        path: ['things', String(index)],
      },
    },
  }));
  const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
  return bytes(JSON.stringify({ info: { name: 'Large', schema }, item }));
}

const TEAM_A = 1;
const TEAM_B = 2;
const TEAM_C = 3;

describe('the import worker shared between teams', () => {
  let importer: ImportWorker;
  afterEach(() => importer.close());

  it("reads another team's import right after the one running, however many one team has queued", async () => {
    importer = createImportWorker();
    const finished: string[] = [];
    const imported = (name: string, pieces: Uint8Array[], team: number) =>
      importer.importOpenApi(pieces, `${name}.json`, team).then(() => finished.push(name));
    const teamA = [0, 1, 2, 3, 4].map((n) => imported(`a${n}`, postmanCollection(1500), TEAM_A));
    const teamB = imported('b', petstore(), TEAM_B);
    await Promise.all([...teamA, teamB]);
    expect(finished).toEqual(['a0', 'b', 'a1', 'a2', 'a3', 'a4']);
  });

  it('takes turns between teams, the oldest first within a turn', async () => {
    importer = createImportWorker();
    const finished: string[] = [];
    const imported = (name: string, team: number) =>
      importer.importOpenApi(petstore(), `${name}.json`, team).then(() => finished.push(name));
    await Promise.all([
      imported('a0', TEAM_A),
      imported('a1', TEAM_A),
      imported('a2', TEAM_A),
      imported('b0', TEAM_B),
      imported('b1', TEAM_B),
      imported('c0', TEAM_C),
    ]);
    expect(finished).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2']);
  });

  it("refuses an import beyond its own team's queue, and queues another team's", async () => {
    importer = createImportWorker({ maxWaiting: 1 });
    const running = importer.importOpenApi(petstore(), 'a0.json', TEAM_A);
    const waiting = importer.importOpenApi(petstore(), 'a1.json', TEAM_A);
    const refused = await refusalOf(importer.importOpenApi(petstore(), 'a2.json', TEAM_A));
    expect(refused).toBeInstanceOf(TooManyRequests);
    const otherTeam = importer.importOpenApi(petstore(), 'b0.json', TEAM_B);
    for (const imported of [running, waiting, otherTeam]) {
      expect((await imported).title).toBe('Swagger Petstore');
    }
  });

  it('converts a Postman Collection within the time limit, abandoning one that takes longer', async () => {
    importer = createImportWorker({ timeLimitMs: 100 });
    const error = await refusalOf(importer.importOpenApi(postmanCollection(20_000), 'large.json', TEAM_A));
    expect(error).toBeInstanceOf(ImportError);
    expect(error.message).toBe('The document takes too long to import');
    expect((await importer.importOpenApi(petstore(), 'small.json', TEAM_B)).title).toBe('Swagger Petstore');
  });
});

describe('one team importing five large collections on the server', () => {
  let app: TestApp;
  let url: string;
  let teamA: { authorization: string };
  let teamB: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    url = await app.server.listen({ port: 0, host: '127.0.0.1' });
    ({ auth: teamA } = await signUpAndVerify(app));
    ({ auth: teamB } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  function upload(auth: { authorization: string }, document: Uint8Array[], fileName: string) {
    const form = new FormData();
    for (const [key, value] of Object.entries(importFields)) form.append(key, value);
    form.append('multipartFile', new Blob(document), fileName);
    return fetch(`${url}/api/api-config-master/swagger/upload`, {
      method: 'POST',
      body: form,
      headers: auth,
    });
  }

  it("lets another team's import wait at most for the one being read, never refusing it", async () => {
    const answered: string[] = [];
    const large = [0, 1, 2, 3, 4].map((n) =>
      upload(teamA, postmanCollection(3000), `large${n}.json`).then((res) => {
        answered.push(`a${res.status}`);
        return res.status;
      }),
    );
    // by now team A's documents are read or waiting for the worker
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const small = await upload(teamB, petstore(), 'petstore.json');
    answered.push('b');
    expect(small.status).toBe(201);
    // team A's fifth is refused by its own limit (IMPORT_MAX_PER_TEAM), never another team's
    expect((await Promise.all(large)).sort()).toEqual([201, 201, 201, 201, 429]);
    expect(
      answered.slice(answered.indexOf('b') + 1).filter((name) => name === 'a201').length,
    ).toBeGreaterThanOrEqual(2);
  });
});
