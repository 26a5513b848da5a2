import type {
  DeclaredExample,
  DeclaredHeader,
  DeclaredMediaType,
  DeclaredOperation,
  DeclaredParameter,
  DeclaredRequestBody,
  DeclaredResponse,
  SecurityRequirement,
} from '@sandbox/contracts';
import type { ExpansionBudget, SchemaDeclarer } from './declareSchema.js';
import { childPointer } from './pointer.js';
import { isObject, isRef, type Json, type Located } from './resolveRef.js';
import type { LocatedParameter } from './toParameters.js';
import type { SchemaCatalog } from './toSchemas.js';

/** What declaring the operations of one document shares. */
export interface DeclareContext {
  catalog: SchemaCatalog;
  budget: ExpansionBudget;
  schemas: SchemaDeclarer;
  /** The document's top-level `security` as written, in force where an operation declares none. */
  documentSecurity: unknown;
  /** The security schemes the document declares, by name: a requirement may name no other. */
  schemeNames: ReadonlySet<string>;
  /** Read as Stoplight Prism reads a document (see ImportOptions). */
  prism?: boolean;
}

// Declared by the steps below; the rest of an operation (tags, description, extensions) is data.
// Callbacks are left out: the sandbox makes no calls of its own.
const READ_KEYS = ['parameters', 'requestBody', 'responses', 'security', 'callbacks'];

/** An OpenAPI 3.x operation with its references resolved (see DeclaredOperation); `parameters` are merged. */
export function declareOperation(
  operation: Json,
  pointer: string,
  parameters: LocatedParameter[],
  context: DeclareContext,
): DeclaredOperation {
  const declared: DeclaredOperation = {
    ...copyData(operation, pointer, context, READ_KEYS),
    parameters: parameters.map((parameter) => declareParameter(parameter, context)),
    responses: {},
  };
  if (operation.requestBody !== undefined) {
    const body = resolve(
      { value: operation.requestBody, pointer: childPointer(pointer, 'requestBody') },
      context,
    );
    if (body) declared.requestBody = declareRequestBody(body, context);
  }
  const responses = { value: operation.responses, pointer: childPointer(pointer, 'responses') };
  if (isObject(responses.value)) {
    for (const [code, value] of Object.entries(responses.value)) {
      const response = resolve({ value, pointer: childPointer(responses.pointer, code) }, context);
      if (response) declared.responses[statusKey(code)] = declareResponse(response, context);
    }
  }
  const security = effectiveSecurity(operation.security, pointer, context);
  if (security) declared.security = security;
  return declared;
}

/**
 * The operation's own requirements when it has any (`[]` included), else the document's. A requirement
 * naming a scheme the document does not declare is named in a warning: the sandbox cannot check it.
 */
export function effectiveSecurity(
  own: unknown,
  pointer: string,
  context: DeclareContext,
): SecurityRequirement[] | undefined {
  const [written, at] = Array.isArray(own)
    ? [own, childPointer(pointer, 'security')]
    : [context.documentSecurity, '#/security'];
  if (!Array.isArray(written)) return undefined;
  written.forEach((requirement, index) => {
    if (!isObject(requirement)) return;
    const undeclared = Object.keys(requirement).filter((name) => !context.schemeNames.has(name));
    if (undeclared.length === 0) return;
    const names = undeclared.map((name) => `"${name}"`).join(', ');
    context.catalog.warnings.add(
      childPointer(at, index),
      undeclared.length === 1
        ? `The security scheme ${names} is not declared by the document: requests are not checked for it`
        : `The security schemes ${names} are not declared by the document: requests are not checked for them`,
    );
  });
  return toRequirements(written);
}

function toRequirements(list: unknown[]): SecurityRequirement[] {
  return list
    .filter(isObject)
    .map((requirement) =>
      Object.fromEntries(
        Object.entries(requirement).map(([scheme, scopes]) => [
          scheme,
          Array.isArray(scopes) ? scopes.filter((scope) => typeof scope === 'string') : [],
        ]),
      ),
    );
}

/** `2xx` is written `2XX` by most, and matched case-insensitively by OpenAPI tools: one spelling. */
export function statusKey(code: string): string {
  return /^[1-5]xx$/i.test(code) ? code.toUpperCase() : code;
}

function declareParameter(parameter: LocatedParameter, context: DeclareContext): DeclaredParameter {
  return declareHeader(parameter, context) as DeclaredParameter;
}

/** A header or a parameter: its schema, its examples and its `content` are declared; the rest is data. */
function declareHeader(
  { value, pointer }: Located & { value: Json },
  context: DeclareContext,
): DeclaredHeader {
  const header: Json = copyData(value, pointer, context, ['schema', 'examples', 'content']);
  followExampleRef(header, 'example', context);
  if (value.schema !== undefined) {
    header.schema = context.schemas.declare({
      value: value.schema,
      pointer: childPointer(pointer, 'schema'),
    });
  }
  const examples = declareExamples(value.examples, childPointer(pointer, 'examples'), context);
  if (examples) header.examples = examples;
  const content = declareContent(value.content, childPointer(pointer, 'content'), context);
  if (content) header.content = content;
  return header as DeclaredHeader;
}

function declareRequestBody(body: Located & { value: Json }, context: DeclareContext): DeclaredRequestBody {
  return {
    ...copyData(body.value, body.pointer, context, ['content']),
    content: declareContent(body.value.content, childPointer(body.pointer, 'content'), context) ?? {},
  };
}

function declareResponse(response: Located & { value: Json }, context: DeclareContext): DeclaredResponse {
  const declared: DeclaredResponse = copyData(response.value, response.pointer, context, [
    'headers',
    'content',
    'links',
  ]);
  const headers = declareMap(
    response.value.headers,
    childPointer(response.pointer, 'headers'),
    context,
    (h) => declareHeader(h, context),
  );
  if (headers) declared.headers = headers;
  const content = declareContent(response.value.content, childPointer(response.pointer, 'content'), context);
  if (content) declared.content = content;
  const links = declareMap(response.value.links, childPointer(response.pointer, 'links'), context, (link) =>
    copyData(link.value, link.pointer, context),
  );
  if (links) declared.links = links;
  return declared;
}

function declareContent(
  value: unknown,
  pointer: string,
  context: DeclareContext,
): Record<string, DeclaredMediaType> | undefined {
  if (value === undefined) return undefined;
  // the catalog names what is left out (toRequests, toResponses)
  if (!isObject(value)) return undefined;
  const content: Record<string, DeclaredMediaType> = {};
  for (const [mediaType, media] of Object.entries(value)) {
    const at = childPointer(pointer, mediaType);
    if (!isObject(media)) continue;
    content[mediaType] = declareMediaType({ value: media, pointer: at }, context);
  }
  return content;
}

function declareMediaType({ value, pointer }: Located & { value: Json }, context: DeclareContext) {
  const media: Json = copyData(value, pointer, context, ['schema', 'examples', 'encoding']);
  followExampleRef(media, 'example', context);
  if (value.schema !== undefined) {
    media.schema = context.schemas.declare({ value: value.schema, pointer: childPointer(pointer, 'schema') });
  }
  const examples = declareExamples(value.examples, childPointer(pointer, 'examples'), context);
  if (examples) media.examples = examples;
  const encoding = declareMap(value.encoding, childPointer(pointer, 'encoding'), context, (entry) => {
    const declared = copyData(entry.value, entry.pointer, context, ['headers']);
    const headers = declareMap(entry.value.headers, childPointer(entry.pointer, 'headers'), context, (h) =>
      declareHeader(h, context),
    );
    return headers ? { ...declared, headers } : declared;
  });
  if (encoding) media.encoding = encoding;
  return media as DeclaredMediaType;
}

function declareExamples(value: unknown, pointer: string, context: DeclareContext) {
  return declareMap<DeclaredExample>(value, pointer, context, (example) => {
    const declared = copyData(example.value, example.pointer, context);
    followExampleRef(declared, 'value', context);
    return declared;
  });
}

/**
 * An example that is nothing but a local `$ref` (`example: { $ref: '#/components/examples/user/value' }`)
 * is taken for what it points to, as Prism does: OpenAPI calls it a literal, but no API means that.
 */
function followExampleRef(holder: Json, key: 'example' | 'value', context: DeclareContext): void {
  const example = holder[key];
  if (!isRef(example) || Object.keys(example).length !== 1 || typeof example.$ref !== 'string') return;
  const target = context.catalog.resolver.tryLookup(example.$ref);
  if (!target) return;
  context.budget.spendData(target.value, target.pointer);
  holder[key] = target.value;
}

/** A map of (possibly referenced) objects; an entry that is not an object is left out. */
function declareMap<T>(
  value: unknown,
  pointer: string,
  context: DeclareContext,
  declare: (entry: Located & { value: Json }) => T,
): Record<string, T> | undefined {
  if (!isObject(value)) return undefined;
  const map: Record<string, T> = {};
  for (const [name, entry] of Object.entries(value)) {
    const resolved = resolve({ value: entry, pointer: childPointer(pointer, name) }, context);
    if (resolved) map[name] = declare(resolved);
  }
  return map;
}

/**
 * Follows a reference to the object it names; a 3.1 reference's own `summary` and `description`
 * win over the target's. Anything but an object is left out, with a warning.
 */
function resolve(located: Located, context: DeclareContext): (Located & { value: Json }) | null {
  const target = context.catalog.resolver.follow(located);
  if (!isObject(target.value)) {
    context.catalog.warnings.add(target.pointer, 'Not an object: left out of the declared operation');
    return null;
  }
  if (!isRef(located.value)) return { value: target.value, pointer: target.pointer };
  const { summary, description } = located.value;
  const beside: Json = {};
  if (summary !== undefined) beside.summary = summary;
  if (description !== undefined) beside.description = description;
  return { value: { ...target.value, ...beside }, pointer: target.pointer };
}

/** The keys of `value` that are data, copied as written; the `read` ones are declared by the caller. */
function copyData(value: Json, pointer: string, context: DeclareContext, read: string[] = []): Json {
  const copy: Json = {};
  for (const [key, entry] of Object.entries(value)) {
    if (read.includes(key)) continue;
    context.budget.spend(key.length + 4, pointer);
    context.budget.spendData(entry, childPointer(pointer, key));
    copy[key] = entry;
  }
  return copy;
}
