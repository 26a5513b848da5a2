import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020.js';
import { type Direction, type JsonSchema, nameOfRef, toJsonSchema } from '../model/toJsonSchema.js';
import { isJsonObject } from '../shared/jsonObjects.js';
import type { PatternBudget } from '../shared/tenantPattern.js';
import { newAjv, REGISTRY, registryRef, withPatternBudget } from '../validate/sandboxAjv.js';
import { schemaForAjv, type ValidatorReading } from '../validate/schemaForAjv.js';
import { ajvErrorOf, type Problem } from './problem.js';
import type { NamedSchemas } from './requestModel.js';

// Requests are validated by Ajv (JSON Schema 2020-12), one instance per deployed API, each
// operation's validator compiled on its first request and kept with the compiled API. Named schemas
// join the instance as operations reach them, each once. A tenant's `pattern` runs on RE2 (linear
// time) within the request's budget of pattern work, never on JavaScript's RegExp; formats are
// checked by expressions that stay linear on anonymous input.

/** The model's schema for Ajv: 2020-12, references into the registry, identifiers dropped. */
function forAjv(schema: JsonSchema, direction: Direction, reading: ValidatorReading): JsonSchema {
  const converted = toJsonSchema(schema as Record<string, unknown>, direction, registryRef);
  return schemaForAjv(converted, followed, reading);
}

/** Only named schemas are followed: they join the instance as they are reached. */
const followed = (ref: string) => (ref.startsWith(REGISTRY) ? ref : undefined);

/** One request as the validator sees it: each place's values by name, and the parsed body. */
export interface RequestValues {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  cookie: Record<string, unknown>;
  body?: unknown;
}

export type RequestCheck = (values: RequestValues, budget: PatternBudget) => Problem[];

/** Checks one value; `fromText`: its strings were read from text (CSV cells), a type problem says no more. */
export type ValueCheck = (value: unknown, budget: PatternBudget, fromText?: boolean) => Problem[];

export class ApiValidator {
  private ajv: Ajv2020 | undefined;
  private readonly added = new Set<string>();

  /** `direction`: a request's values, or the records answers carry (test data). */
  constructor(
    private readonly named: NamedSchemas,
    private readonly direction: 'request' | 'response' = 'request',
    private readonly reading: ValidatorReading = {},
  ) {}

  /**
   * A validator of one value (a row of test data), each problem placed within it (`email`,
   * `tags[2]`). Not on the sandbox's path: compiled for each use.
   */
  compileValue(schema: JsonSchema): ValueCheck {
    this.ajv ??= newAjv();
    const validate = this.ajv.compile(this.reach(schema) as Record<string, unknown>);
    return (value, budget, fromText = false) => {
      const { result, exhausted } = withPatternBudget(budget, () => validate(value));
      if (result) return [];
      return (this.reading.prism ? everyProblemOf : problemsOf)(validate.errors ?? [], exhausted, fromText);
    };
  }

  /**
   * A validator of a whole request: `parameters` (place → name → schema, required names) and the
   * body's schema (undefined: no body checked). Already converted to 2020-12 by requestModel.
   */
  compile(
    parameters: Record<string, { properties: Record<string, JsonSchema>; required: string[] }>,
    body: { schema: JsonSchema; required: boolean } | undefined,
  ): RequestCheck {
    this.ajv ??= newAjv();
    const ajv = this.ajv;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [place, { properties: members, required: names }] of Object.entries(parameters)) {
      properties[place] = {
        type: 'object',
        properties: Object.fromEntries(Object.entries(members).map(([name, s]) => [name, this.reach(s)])),
        ...(names.length > 0 && { required: names }),
      };
    }
    if (body) {
      properties.body = this.reach(body.schema);
      if (body.required) required.push('body');
    }
    const root = { type: 'object', properties, ...(required.length > 0 && { required }) };
    let validate: Pick<ValidateFunction, 'errors'> & ((data: unknown) => boolean);
    try {
      validate = ajv.compile(root);
    } catch {
      // a schema Ajv cannot compile (a keyword's value of the wrong kind): its parameters still are
      validate = body ? ajv.compile({ ...root, properties: { ...properties, body: true } }) : () => true;
    }
    return (values, budget) => {
      const { result, exhausted } = withPatternBudget(budget, () => validate(values));
      if (result) return [];
      return (this.reading.prism ? everyProblemOf : problemsOf)(validate.errors ?? [], exhausted);
    };
  }

  /** Converts an operation's schema for Ajv and adds every named schema it reaches. */
  private reach(schema: JsonSchema): JsonSchema {
    const converted = forAjv(schema, this.direction, this.reading);
    this.addReferenced(converted);
    return converted;
  }

  private addReferenced(root: JsonSchema): void {
    const pending: unknown[] = [root];
    const ajv = this.ajv as Ajv2020;
    while (pending.length > 0) {
      const schema = pending.pop();
      if (Array.isArray(schema)) {
        pending.push(...schema);
        continue;
      }
      if (!isJsonObject(schema)) continue;
      const ref = schema.$ref;
      if (typeof ref === 'string' && ref.startsWith(REGISTRY)) {
        const name = decodeURIComponent(ref.slice(REGISTRY.length));
        if (!this.added.has(name)) {
          this.added.add(name);
          const target = this.named.get(name);
          const converted = target === undefined ? true : forAjv(target, this.direction, this.reading);
          ajv.addSchema(typeof converted === 'boolean' ? {} : converted, ref);
          pending.push(converted);
        }
      }
      for (const value of Object.values(schema)) if (typeof value === 'object') pending.push(value);
    }
  }

  /** The named schema a reference of an operation points to, in 2020-12 form (for parameter styles). */
  resolve = (name: string): JsonSchema | undefined => {
    const target = this.named.get(name);
    return target === undefined ? undefined : toJsonSchema(target, this.direction);
  };
}

export { nameOfRef };

// ——— Ajv's errors as the sandbox's problems, each with its place ———

const PARAMETER_PLACES = new Set(['path', 'query', 'header', 'cookie']);

/** `/body/tags/2/name` as `body.tags[2].name`; `/query/limit` as `query.limit`. */
function placeOf(instancePath: string): string {
  const segments = instancePath.split('/').slice(1);
  let place = '';
  for (const [index, raw] of segments.entries()) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    // below a parameter's name (or the body, or a value's root), a number is an item's index
    const isItem = /^\d+$/.test(segment) && index >= (PARAMETER_PLACES.has(segments[0]) ? 2 : 1);
    place += isItem ? `[${segment}]` : place ? `.${segment}` : segment;
  }
  return place;
}

const a = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function alternativesOf(error: ErrorObject): string {
  const list = (error.schema as unknown[]) ?? [];
  return list
    .map((alternative, index) => {
      if (isJsonObject(alternative) && typeof alternative.$ref === 'string')
        return decodeURIComponent(alternative.$ref.slice(alternative.$ref.lastIndexOf('/') + 1));
      return isJsonObject(alternative) && typeof alternative.title === 'string'
        ? alternative.title
        : `#${index + 1}`;
    })
    .join(', ');
}

function messageOf(error: ErrorObject, exhausted: Set<string>, fromText: boolean): string {
  const { params } = error;
  switch (error.keyword) {
    case 'type': {
      if (error.data === null) return 'must not be null';
      const expected = `must be ${String(params.type).split(',').map(a).join(' or ')}`;
      // a parameter or a cell arrives as text: that it is text says nothing
      const textual =
        PARAMETER_PLACES.has(error.instancePath.split('/')[1]) ||
        (fromText && typeof error.data === 'string');
      return textual ? expected : `${expected}, got ${a(typeOf(error.data))}`;
    }
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'minLength':
      return `must have at least ${params.limit} characters`;
    case 'maxLength':
      return `must have at most ${params.limit} characters`;
    case 'minItems':
      return `must have at least ${params.limit} items`;
    case 'maxItems':
      return `must have at most ${params.limit} items`;
    case 'minProperties':
      return `must have at least ${params.limit} properties`;
    case 'maxProperties':
      return `must have at most ${params.limit} properties`;
    case 'minimum':
      return `must be at least ${params.limit}`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${params.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${params.limit}`;
    case 'multipleOf':
      return `must be a multiple of ${params.multipleOf}`;
    case 'pattern':
      return exhausted.has(String(params.pattern))
        ? `could not be checked against the pattern ${params.pattern}: too much text at once`
        : `must match the pattern ${params.pattern}`;
    case 'format':
      return `must be a valid ${params.format}`;
    case 'uniqueItems':
      return `must not repeat an item (items ${params.j} and ${params.i} are equal)`;
    case 'oneOf':
      return params.passingSchemas
        ? `must match only one of ${alternativesOf(error)}`
        : `must match one of ${alternativesOf(error)}`;
    case 'anyOf':
      return `must match one of ${alternativesOf(error)}`;
    case 'not':
      return 'must not match the schema it excludes';
    case 'false schema':
      return 'is not allowed';
    default:
      return error.message ?? 'is not valid';
  }
}

const MAX_PROBLEMS = 100;
const MAX_ERRORS_READ = 1000;

/** One Ajv error as a problem: where in the value, and what is wrong there. */
function problemOf(error: ErrorObject, exhausted: Set<string>, fromText: boolean): Problem {
  let location = placeOf(error.instancePath);
  let message: string;
  if (error.keyword === 'required') {
    location = joinPlace(location, String(error.params.missingProperty));
    message = 'is required';
  } else if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
    location = joinPlace(
      location,
      String(error.params.additionalProperty ?? error.params.unevaluatedProperty),
    );
    message = 'is not allowed';
  } else if (error.keyword === 'dependentRequired') {
    location = joinPlace(location, String(error.params.missingProperty));
    message = `is required with ${error.params.property}`;
  } else {
    message = messageOf(error, exhausted, fromText);
  }
  const problem = { location, message };
  ajvErrorOf.set(problem, error);
  return problem;
}

/**
 * One problem per place and failure. A failed `oneOf`/`anyOf` is one problem: what each alternative
 * found is dropped (Ajv reports them first, at or below the same place).
 */
export function problemsOf(
  all: ErrorObject[],
  exhausted: Set<string> = new Set(),
  fromText = false,
): Problem[] {
  // a body of a thousand wrong items says enough in its first errors; the rest are not sifted
  const errors = all.slice(0, MAX_ERRORS_READ);
  const compositions = [...errors.keys()].filter((at) => /^(oneOf|anyOf)$/.test(errors[at].keyword));
  // an alternative's errors come before its composition's, at or below the same place
  const within = (e: ErrorObject, index: number) =>
    compositions.some((at) => {
      const c = errors[at];
      return (
        at > index && (e.instancePath === c.instancePath || e.instancePath.startsWith(`${c.instancePath}/`))
      );
    });
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const [index, error] of errors.entries()) {
    if (error.keyword === 'if' || within(error, index)) continue;
    const problem = problemOf(error, exhausted, fromText);
    const key = `${problem.location}\n${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
    if (problems.length === MAX_PROBLEMS) break;
  }
  return problems;
}

/**
 * Every error Ajv gives, in its order, as Prism lists them (prism-http's convertAjvErrors): a failed
 * `anyOf` is each alternative's errors, then its own. The `if` of a discriminator's dispatch is ours,
 * not the document's, and is left out.
 */
function everyProblemOf(errors: ErrorObject[], exhausted: Set<string>, fromText = false): Problem[] {
  return errors
    .filter((error) => error.keyword !== 'if')
    .slice(0, MAX_PROBLEMS)
    .map((error) => problemOf(error, exhausted, fromText));
}

const joinPlace = (place: string, key: string) => (place ? `${place}.${key}` : key);
