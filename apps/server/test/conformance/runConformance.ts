// The conformance suite's cases and runner (issue 13): each case is a small document, one request and
// the answer the document implies, checked over a real socket against the deployed sandbox.

import { request as httpRequest } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { deploy } from '../support/sandbox.js';
import type { TestApp } from '../support/testApp.js';

export interface ConformanceRequest {
  method: string;
  /** After the API's base URL, sent byte for byte: percent-encoding, `//` and a query stay as written. */
  path: string;
  /** `{{token}}` in a value becomes a sandbox token of the API (with `api.isAuthRequired`). */
  headers?: Record<string, string>;
  /** A string or Buffer is sent as it is; anything else as JSON, `content-type: application/json` unless given. */
  body?: unknown;
}

export interface ConformanceAnswer {
  status: number;
  /** Lower-case names; a repeated header's values joined with `, `. */
  headers: Record<string, string>;
  text: string;
}

export interface ConformanceExpectation {
  status: number;
  /** By name, any case: the exact value, a RegExp it must match, or null when it must be absent. */
  headers?: Record<string, string | RegExp | null>;
  /**
   * A JSON value the body must deep-equal; a string is compared to the raw text when the answer's
   * media type is not JSON (`text/plain`, XML, none) or the body is empty (`''`); a function receives the body (parsed when the
   * answer is JSON, else its text) and the whole answer, and returns false (or throws) when wrong.
   */
  body?: JsonValue | BodyPredicate;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface ConformanceCase {
  name: string;
  /** A small OpenAPI 3.x or Swagger 2.0 document: an object, or its YAML or JSON text. */
  document: object | string;
  /** How the API is created: the import form's `isAuthRequired` (false unless given). */
  api?: { isAuthRequired?: boolean };
  /** Sent first, in order, their answers unchecked: to store a record before reading it, say. */
  before?: ConformanceRequest[];
  request: ConformanceRequest;
  expect: ConformanceExpectation;
  /** Where this answer differs from Prism 5's on purpose, and why. */
  prism?: string;
}

/** Written as a method so that a case may type the body it expects: `(body: { title: string }) => …`. */
export type BodyPredicate = { check(body: unknown, answer: ConformanceAnswer): unknown }['check'];

/**
 * Cases that share a document (the same object, or the same text) and API settings share one
 * deployed API, and so its records: a case that stores records should have a document of its own.
 */
export function documentKey(c: ConformanceCase): string {
  const text = typeof c.document === 'string' ? c.document : JSON.stringify(c.document);
  return `${c.api?.isAuthRequired ? 'auth' : 'open'}\n${text}`;
}

export interface DeployedDocument {
  origin: string;
  base: string;
  token?: string;
}

/** Imports and deploys a case's document through the product, as a user would. */
export async function deployDocument(
  app: TestApp,
  auth: { authorization: string },
  c: ConformanceCase,
): Promise<DeployedDocument> {
  const text = typeof c.document === 'string' ? c.document : JSON.stringify(c.document, null, 2);
  const fields = {
    apiName: 'Conformance',
    apiDescription: 'A conformance case',
    apiVersion: '1.0',
    isAuthRequired: String(c.api?.isAuthRequired ?? false),
  };
  const { api, base, origin } = await deploy(app, auth, text, fields);
  if (!c.api?.isAuthRequired) return { origin, base };
  const generated = await app.server.inject({ url: `/api/generateToken/${api.id}`, headers: auth });
  return { origin, base, token: generated.json().generatedAccessToken };
}

/** One request over a real socket, the path sent exactly as the case writes it. */
export function send(target: DeployedDocument, r: ConformanceRequest): Promise<ConformanceAnswer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(r.headers ?? {}))
    headers[name.toLowerCase()] = value.replaceAll('{{token}}', target.token ?? '');
  let payload: Buffer | undefined;
  if (r.body !== undefined) {
    const raw = typeof r.body === 'string' || Buffer.isBuffer(r.body);
    payload = Buffer.isBuffer(r.body)
      ? r.body
      : Buffer.from(raw ? (r.body as string) : JSON.stringify(r.body));
    if (!raw) headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${target.origin}${target.base}${r.path}`,
      { method: r.method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const answerHeaders: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({
            status: res.statusCode ?? 0,
            headers: answerHeaders,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// `+json` types, and `json` alone: what a client parses as JSON
const JSON_MEDIA = /^application\/(?:[\w.+-]*\+)?json\b/i;

const isJson = (answer: ConformanceAnswer) => JSON_MEDIA.test(answer.headers['content-type'] ?? '');

/** What differs between the answer and the expectation, in words; empty when the answer is right. */
export function checkAnswer(want: ConformanceExpectation, answer: ConformanceAnswer): string[] {
  const problems: string[] = [];
  if (answer.status !== want.status) problems.push(`status ${answer.status}, expected ${want.status}`);
  for (const [name, expected] of Object.entries(want.headers ?? {})) {
    const actual = answer.headers[name.toLowerCase()];
    if (expected === null) {
      if (actual !== undefined) problems.push(`header ${name} is "${actual}", expected none`);
    } else if (actual === undefined) {
      problems.push(`header ${name} is missing, expected ${String(expected)}`);
    } else if (expected instanceof RegExp ? !expected.test(actual) : actual !== expected) {
      problems.push(`header ${name} is "${actual}", expected ${String(expected)}`);
    }
  }
  if (want.body !== undefined) problems.push(...checkBody(want.body, answer));
  return problems;
}

function checkBody(expected: unknown, answer: ConformanceAnswer): string[] {
  const json = isJson(answer);
  // an empty body (HEAD, 204) is no JSON whatever its media type says: compared as text
  if (typeof expected === 'string' && (!json || answer.text === '')) {
    return answer.text === expected
      ? []
      : [`body is ${JSON.stringify(answer.text)}, expected ${JSON.stringify(expected)}`];
  }
  let body: unknown = answer.text;
  if (json) {
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [`body is not JSON: ${JSON.stringify(answer.text.slice(0, 200))}`];
    }
  } else if (typeof expected !== 'function') {
    return [
      `body is ${JSON.stringify(answer.text.slice(0, 200))} (${answer.headers['content-type'] ?? 'no content type'}), expected JSON`,
    ];
  }
  if (typeof expected === 'function') {
    try {
      return (expected as BodyPredicate)(body, answer) === false
        ? [`body ${answer.text.slice(0, 200)} fails the case's check`]
        : [];
    } catch (error) {
      return [`body ${answer.text.slice(0, 200)} fails the case's check: ${(error as Error).message}`];
    }
  }
  return isDeepStrictEqual(body, expected)
    ? []
    : [`body is ${answer.text.slice(0, 400)}, expected ${JSON.stringify(expected)}`];
}
