import { z } from 'zod';
import { OPERATION_METHODS } from './constants.js';

// spec §3 API Lab send payload, §7 POST /api/send-request, §8 messages; DESIGN §7 limits.

export const labPaths = {
  send: '/api/send-request',
} as const;

/** DESIGN §7: a Lab request, redirects included, gets this long. */
export const LAB_TIMEOUT_MS = 10_000;
/** Larger response bodies are cut here and marked `truncated`. */
export const LAB_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const LAB_MAX_REDIRECTS = 5;
/** The User-Agent of the Lab's calls when no header row names one: how the request log tells them apart. */
export const LAB_USER_AGENT = 'api-sandbox-lab';

/** GET, HEAD and TRACE requests carry no body (RFC 9110 §9.3): the Lab sends them without one. */
export const labSendsBody = (method: string) => !['GET', 'HEAD', 'TRACE'].includes(method);

/** Whether a typed body or an answer is JSON text. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The Content-Type the Lab sends a typed body with when the user set none. */
export const labBodyContentType = (body: string) =>
  isJsonText(body) ? 'application/json' : 'text/plain; charset=utf-8';
const LAB_MAX_ROWS = 100;

// RFC 9110 token characters: anything else would be refused by the HTTP client anyway.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const NO_LINE_BREAKS = /^[^\r\n]*$/;

export const ZLabKeyValue = z.object({
  key: z.string().trim().max(200),
  value: z.string().max(8000).regex(NO_LINE_BREAKS, 'Values cannot contain line breaks'),
});
export type LabKeyValue = z.infer<typeof ZLabKeyValue>;

const ZHeaderList = z.array(ZLabKeyValue).max(LAB_MAX_ROWS);
const ZHeaderRecord = z.record(z.string().max(200), z.string().max(8000).regex(NO_LINE_BREAKS));

export const ZLabSendRequest = z.object({
  requestMethod: z.enum(OPERATION_METHODS),
  requestUrl: z.string().trim().min(1, 'Request URL is required').max(8000),
  headers: z
    .union([ZHeaderList, ZHeaderRecord])
    .default([])
    .transform((headers) =>
      Array.isArray(headers) ? headers : Object.entries(headers).map(([key, value]) => ({ key, value })),
    )
    .transform((rows) => rows.filter((row) => row.key !== ''))
    .refine(
      (rows) => rows.every((row) => HEADER_NAME.test(row.key)),
      "A header name may only hold letters, digits and !#$%&'*+.^_`|~-",
    ),
  requestBody: z.string().max(1_000_000).nullable().default(''),
  requestParams: z
    .array(ZLabKeyValue)
    .max(LAB_MAX_ROWS)
    .default([])
    .transform((rows) => rows.filter((row) => row.key !== '')),
  apiMasterId: z.coerce.number().int().positive().nullable().optional(),
});
export type LabSendRequest = z.input<typeof ZLabSendRequest>;
export type LabSendInput = z.output<typeof ZLabSendRequest>;

export interface LabResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /**
   * At most LAB_MAX_BODY_BYTES of the body: as text, decoded from its charset, or, when
   * `bodyEncoding` is 'base64', its bytes in base64 (images, archives: anything that is not text).
   */
  body: string;
  bodyEncoding?: 'base64';
  timeMs: number;
  sizeBytes: number;
  truncated: boolean;
  /** Says why the body is incomplete, when it is. */
  note?: string;
  /** Where the answer finally came from, after any redirects. */
  url: string;
  redirects: number;
}

/** A credential the Lab fills for a security scheme of the operation: a value the sandbox takes. */
export interface LabCredential {
  /** The security scheme, as the document names it. */
  scheme: string;
  in: 'header' | 'query' | 'cookie';
  /** The header, query parameter or cookie that carries it. */
  name: string;
  value: string;
}

/** What the Lab fills for the operation's security, and what it cannot (a digest, as the sandbox names it). */
export interface LabCredentials {
  filled: LabCredential[];
  missing: string[];
}

export const labMessages = {
  sent: 'Request sent successfully.',
  failed: 'Sorry, something went wrong. Try again.',
  tokenGenerated: 'Token generated successfully.',
  curlCopied: 'cURL command copied.',
  notDeployed: 'This API is not deployed yet: deploy it from the dashboard to get its Request URL.',
  onlyHttp: 'Only http and https URLs can be requested',
  invalidUrl: 'The Request URL is not a valid URL',
  privateAddress: 'Requests to private or local addresses are not allowed',
  tooManyRedirects: `The request was redirected more than ${LAB_MAX_REDIRECTS} times`,
  timedOut: `The request took longer than ${LAB_TIMEOUT_MS / 1000} s`,
  unreachable: 'The request could not be completed',
  credentialsFilled: (schemes: string, places: string) =>
    `Filled for ${schemes}: ${places}. The sandbox checks that a credential is there, not its value.`,
  credentialsMissing: (needs: string) =>
    `This operation needs ${needs}, which the Lab cannot fill: add it under Headers.`,
  truncated: `The response is larger than ${LAB_MAX_BODY_BYTES / 1024 / 1024} MB: only its first ${LAB_MAX_BODY_BYTES / 1024 / 1024} MB are shown.`,
} as const;
