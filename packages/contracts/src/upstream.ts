import { z } from 'zod';
import { LAB_MAX_BODY_BYTES, LAB_TIMEOUT_MS } from './lab.js';

// The hosted validating proxy: an API with an Upstream URL has its sandbox forward each call to that
// backend and check the request and the response against its document, instead of answering from it.

export const upstreamPaths = {
  /** PUT `{ upstreamUrl }`: set (an http(s) address) or clear (null) the API's Upstream URL. */
  upstreamUrl: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}/upstream`,
  /** PUT `{ keepMocked }`: whether the sandbox answers this endpoint itself though the API has an Upstream URL. */
  keepMocked: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/${endpointId}/keep-mocked`,
} as const;

/** The longest Upstream URL kept. */
export const MAX_UPSTREAM_URL_LENGTH = 2000;

/** The upstream's answer is read up to API Lab's bound, within API Lab's time limit. */
export const UPSTREAM_TIMEOUT_MS = LAB_TIMEOUT_MS;
export const UPSTREAM_MAX_BODY_BYTES = LAB_MAX_BODY_BYTES;

export const upstreamMessages = {
  invalidUrl: 'The Upstream URL must be an http or https address, such as https://api.example.com/v1',
  privateAddress: 'The Upstream URL must not point to a private or local address',
  saved: 'Upstream URL saved: the sandbox forwards calls to it and checks both sides',
  cleared: 'Upstream URL removed: the sandbox answers from the document again',
  keptMocked: 'The sandbox answers this endpoint itself',
  forwarded: 'This endpoint is forwarded to the Upstream URL',
  /** The 502 problem's title and details when the upstream could not be reached. */
  unreachableTitle: 'Upstream unreachable',
  unreachable: 'The upstream could not be reached',
  refused: 'The Upstream URL points to an address the server may not reach',
  timedOut: `The upstream did not answer within ${UPSTREAM_TIMEOUT_MS / 1000} s`,
  tooLarge: `The upstream's answer is larger than ${UPSTREAM_MAX_BODY_BYTES / 1024 / 1024} MB`,
} as const;

export const ZUpstreamUrl = z.object({
  upstreamUrl: z
    .string()
    .trim()
    .max(MAX_UPSTREAM_URL_LENGTH, upstreamMessages.invalidUrl)
    .refine((text) => /^https?:\/\/[^/?#\s]+/i.test(text) && URL.canParse(text), upstreamMessages.invalidUrl)
    .nullable(),
});
export type UpstreamUrlInput = z.infer<typeof ZUpstreamUrl>;

export const ZKeepMocked = z.object({ keepMocked: z.boolean() });
export type KeepMockedInput = z.infer<typeof ZKeepMocked>;

/** Which side of an exchange broke the document. */
export const VIOLATION_DIRECTIONS = ['request', 'response'] as const;
export type ViolationDirection = (typeof VIOLATION_DIRECTIONS)[number];

/** What of a forwarded exchange broke the document, and where: `['response', 'body', 'id']`. */
export interface LoggedViolation {
  direction: ViolationDirection;
  location: string[];
  severity: 'Error' | 'Warning';
  code?: string | number;
  message: string;
}
