// Runs one corpus document against the product: import it as a user does, deploy it, then a valid and
// (where one exists) an invalid request to every operation, safe methods first since the sandbox keeps
// what writes store.

import { appendFileSync } from 'node:fs';
import type { ApiMaster } from '@sandbox/contracts';
import { type ConformanceAnswer, type DeployedDocument, send } from '../conformance/runConformance.js';
import { importApi } from '../support/catalog.js';
import type { TestApp } from '../support/testApp.js';
import { type BuiltRequest, buildRequest } from './buildRequest.js';
import { type CorpusDocument, type Operation, operationsOf } from './corpusDocuments.js';
import { schemaCheckFor } from './documentSchemas.js';
import { invalidRequestFor } from './invalidRequest.js';
import { judgeRefusal, judgeValidAnswer } from './judgeAnswer.js';
import { CannotBuild, NoValueExists } from './sampleValue.js';

export interface OperationFailure {
  operation: string;
  /** `valid`: the answer to a valid request; `invalid`: the refusal of an invalid one; `harness`: no request could be built. */
  kind: 'valid' | 'invalid' | 'harness';
  problems: string[];
  sent?: string;
  status?: number;
  answer?: string;
}

export interface DocumentRun {
  file: string;
  operations: number;
  invalidSent: number;
  failures: OperationFailure[];
  /** Operations with at least one failure. */
  failing: number;
}

export async function deployCorpusDocument(
  app: TestApp,
  auth: { authorization: string },
  corpus: CorpusDocument,
): Promise<DeployedDocument> {
  const fields = {
    apiName: corpus.file.replace(/\.(json|ya?ml)$/, '').slice(0, 40),
    apiDescription: `Corpus document ${corpus.file}`,
    apiVersion: '1.0',
    isAuthRequired: 'false',
  };
  const imported = await importApi(app, auth, corpus.text, corpus.file, fields);
  if (imported.statusCode !== 201)
    throw new Error(`import answered ${imported.statusCode}: ${imported.body.slice(0, 600)}`);
  const published = await app.server.inject({
    url: `/api/api-publish/${imported.json().id}/publish`,
    headers: auth,
  });
  if (published.statusCode !== 200)
    throw new Error(`publish answered ${published.statusCode}: ${published.body.slice(0, 600)}`);
  const api: ApiMaster = published.json();
  if (!app.server.server.listening) await app.server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, base: new URL(api.apiBaseUrl as string).pathname };
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const WRITE_ORDER = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Safe methods, then writes: every POST before any PUT, PATCH, then DELETE. */
function phases(operations: Operation[]): Operation[][] {
  const safe = operations.filter((op) => SAFE.has(op.method));
  const writes = WRITE_ORDER.map((method) => operations.filter((op) => op.method === method));
  return [safe, ...writes].filter((phase) => phase.length > 0);
}

async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

const sendBuilt = (target: DeployedDocument, r: BuiltRequest): Promise<ConformanceAnswer> =>
  send(target, { method: r.method, path: r.path, headers: r.headers, body: r.body });

export async function runCorpusDocument(
  corpus: CorpusDocument,
  target: DeployedDocument,
): Promise<DocumentRun> {
  const operations = operationsOf(corpus);
  const schemas = schemaCheckFor(corpus);
  const failures: OperationFailure[] = [];
  let invalidSent = 0;
  const refuseImpossibleBody = async (op: Operation, error: NoValueExists) => {
    invalidSent++;
    const request = await buildRequest(corpus, schemas, op, {
      replace: { place: 'body', raw: JSON.stringify(error.candidate ?? null) },
    });
    const refusal = await sendBuilt(target, request);
    const refused = judgeRefusal(op, refusal, 'body');
    if (refused.length) {
      failures.push({
        operation: op.id,
        kind: 'invalid',
        problems: refused.map((p) => `${error.message}: ${p}`),
        sent: request.shown,
        status: refusal.status,
        answer: refusal.text.slice(0, 1500),
      });
    }
  };
  const runOperation = async (op: Operation) => {
    let valid: BuiltRequest;
    try {
      valid = await buildRequest(corpus, schemas, op);
    } catch (error) {
      if (error instanceof NoValueExists && error.place.startsWith('body')) {
        // no valid request exists: the one check left is that the sandbox refuses what a client would send
        await refuseImpossibleBody(op, error);
        return;
      }
      const message = error instanceof CannotBuild ? error.message : `harness: ${(error as Error).message}`;
      failures.push({ operation: op.id, kind: 'harness', problems: [message] });
      return;
    }
    const answer = await sendBuilt(target, valid);
    const problems = judgeValidAnswer(op, schemas, answer);
    if (problems.length) {
      failures.push({
        operation: op.id,
        kind: 'valid',
        problems,
        sent: valid.shown,
        status: answer.status,
        answer: answer.text.slice(0, 1500),
      });
    }
    const invalid = await invalidRequestFor(corpus, schemas, op, valid);
    if (!invalid) return;
    invalidSent++;
    const refusal = await sendBuilt(target, invalid.request);
    const refused = judgeRefusal(op, refusal, invalid.place, invalid.alsoNamed);
    if (refused.length) {
      failures.push({
        operation: op.id,
        kind: 'invalid',
        problems: refused.map((p) => `${invalid.why}: ${p}`),
        sent: invalid.request.shown,
        status: refusal.status,
        answer: refusal.text.slice(0, 1500),
      });
    }
  };
  for (const phase of phases(operations)) await inPool(phase, 6, runOperation);
  const run: DocumentRun = {
    file: corpus.file,
    operations: operations.length,
    invalidSent,
    failures,
    failing: new Set(failures.map((f) => f.operation)).size,
  };
  // CORPUS_REPORT=<file> keeps every failure, one JSON line per document, for a summary by cause
  if (process.env.CORPUS_REPORT) appendFileSync(process.env.CORPUS_REPORT, `${JSON.stringify(run)}\n`);
  return run;
}

/** The failure message of a document: how many operations fail, then the first failures in full. */
export function describeRun(run: DocumentRun, shown = 8): string {
  const lines = [
    `${run.file}: ${run.failing} of ${run.operations} operations fail (${run.invalidSent} invalid requests sent)`,
  ];
  for (const f of run.failures.slice(0, shown)) {
    lines.push(`- ${f.operation} [${f.kind}] ${f.problems.join(' | ').slice(0, 600)}`);
    if (f.sent) lines.push(`    sent: ${f.sent.slice(0, 300)}`);
    if (f.status !== undefined) lines.push(`    got: ${f.status} ${f.answer?.slice(0, 300)}`);
  }
  if (run.failures.length > shown) lines.push(`… and ${run.failures.length - shown} more failures`);
  return lines.join('\n');
}
