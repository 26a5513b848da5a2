import type { Problem } from './validateValue.js';

/** RFC 9457 problem details, the sandbox's answer to every failure. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: Problem[];
}

export function problem(status: number, title: string, detail: string, errors?: Problem[]): ProblemDetails {
  return { type: 'about:blank', title, status, detail, ...(errors ? { errors } : {}) };
}
