import type { ErrorObject } from 'ajv';

/** One thing wrong with a request, and where: `query.limit`, `body.address.city`, `body.tags[2]`. */
export interface Problem {
  location: string;
  message: string;
}

/** The Ajv error a problem was read from, for Prism's wording of it; kept off the problem itself. */
export const ajvErrorOf = new WeakMap<Problem, ErrorObject>();

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** RFC 9457 problem details, the sandbox's answer to every failure. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: Problem[];
  /** Extension members (RFC 9457 §3.2): more about this occurrence, such as the limit it hit. */
  [extension: string]: unknown;
}

export function problem(
  status: number,
  title: string,
  detail: string,
  errors?: Problem[],
  extensions: Record<string, unknown> = {},
): ProblemDetails {
  return { type: 'about:blank', title, status, detail, ...(errors ? { errors } : {}), ...extensions };
}
