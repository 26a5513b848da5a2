import { PatternBudget, REQUEST_PATTERN_WORK } from '../shared/tenantPattern.js';
import type { CompiledApi } from './compileApi.js';
import type { CompiledMedia } from './compileResponses.js';
import type { SandboxAnswer } from './exchange.js';
import type { Negotiated } from './negotiate.js';
import { type PrismViolation, prismViolation } from './prismProblems.js';
import type { ValueCheck } from './requestValidator.js';

// Prism validates its own answers against their schemas: what they break is listed in sl-violations,
// or answered as a 500 with --errors. An example may break its schema; a generated body does not.

const checks = new WeakMap<CompiledMedia, ValueCheck>();

function bodyValue(answer: SandboxAnswer): { value: unknown } | undefined {
  if (answer.body !== undefined) return { value: answer.body };
  if (answer.json === undefined) return undefined;
  try {
    return { value: JSON.parse(answer.json) };
  } catch {
    return undefined;
  }
}

/** What a JSON answer breaks of its media type's schema, as Prism lists it (`response` first). */
export function responseViolations(
  api: CompiledApi,
  media: Negotiated<CompiledMedia> | undefined,
  answer: SandboxAnswer,
): PrismViolation[] {
  const declared = media?.media;
  if (declared?.kind !== 'json' || declared.schema === undefined) return [];
  const body = bodyValue(answer);
  if (!body) return [];
  return bodyViolations(api, declared, body.value);
}

/** What a body's value breaks of a declared media type's schema; its validator compiled once. */
export function bodyViolations(api: CompiledApi, declared: CompiledMedia, value: unknown): PrismViolation[] {
  if (declared.schema === undefined) return [];
  let check = checks.get(declared);
  if (!check) {
    check = api.answerValidator.compileValue(declared.schema as never);
    checks.set(declared, check);
  }
  return check(value, new PatternBudget(REQUEST_PATTERN_WORK)).map((problem) => {
    const violation = prismViolation(problem, 'Response');
    return { ...violation, location: ['response', ...violation.location] };
  });
}
