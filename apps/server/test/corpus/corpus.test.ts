import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { corpusFiles, readCorpusDocument } from './corpusDocuments.js';
import { deployCorpusDocument, describeRun, runCorpusDocument } from './runCorpus.js';

// Issue 12's public corpus: each document is imported and deployed as a user would, then every operation
// gets a valid request built from the document and, where it has a body or a required parameter, an
// invalid one. No operation is left out.
const files = corpusFiles();

describe('every operation of the public corpus answers as its document says', () => {
  let app: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    app = await startTestApp('sqlite');
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app?.close());

  it('holds at least 15 documents of Swagger 2.0, OpenAPI 3.0 and 3.1, JSON and YAML, one above 1 MB', () => {
    const documents = files.map(readCorpusDocument);
    expect(documents.length).toBeGreaterThanOrEqual(15);
    expect(new Set(documents.map((d) => d.version))).toEqual(new Set(['2.0', '3.0', '3.1']));
    expect(files.some((f) => f.endsWith('.json')) && files.some((f) => f.endsWith('.yaml'))).toBe(true);
    expect(documents.some((d) => Buffer.byteLength(d.text) > 1024 * 1024)).toBe(true);
  });

  for (const file of files) {
    it(`${file}: every operation answers a declared status with a body its schema validates, and refuses an invalid request naming the place`, async () => {
      const corpus = readCorpusDocument(file);
      const target = await deployCorpusDocument(app, auth, corpus);
      const run = await runCorpusDocument(corpus, target);
      expect(run.operations).toBeGreaterThan(0);
      expect(run.failing, describeRun(run)).toBe(0);
    }, 120_000);
  }
});
