import { type DeclaredSchema, schemaRef } from '@sandbox/contracts';
import { isJsonObject } from '../shared/jsonObjects.js';
import { checking, conforms } from './generate/conforms.js';
import { generateValue } from './generate/generate.js';
import { kindsOf } from './parameterStyles.js';
import { type JsonSchema, toJsonSchema } from './toJsonSchema.js';

// One deployed API's model as answers read it: its named schemas in JSON Schema 2020-12 (converted
// once each, when first reached) and the values generated from them.

/** What makes two requests the same one, for an API answering deterministically. */
export interface RequestKey {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
}

/** The query's names in order, each with its values as sent: `?b=1&a=2` is `?a=2&b=1`. */
function keyOf({ method, path, query }: RequestKey): string {
  const names = Object.keys(query).sort();
  return `${method} ${path} ${JSON.stringify(names.map((name) => [name, query[name]]))}`;
}

/** FNV-1a over the key, from a start the seed sets: for one key, each seed gives its own value. */
function mixSeed(seed: number, key: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

export class ApiModel {
  private readonly answered = new Map<string, JsonSchema | undefined>();
  private readonly inline = new WeakMap<object, JsonSchema>();
  private readonly properties = new WeakMap<object, Record<string, JsonSchema>>();

  /**
   * Draws answers' bodies in place of the generator: the command-line program answers with Prism's
   * static sampler (`0`, `"string"`), as Prism does without --dynamic. Unset on the platform.
   */
  sampler?: (declared: DeclaredSchema) => unknown;
  /** Examples are answered even when they break their schema, as Prism answers them (it says so in sl-violations). */
  examplesAsWritten?: boolean;
  /** Bodies come from the schema even where the document gives an example (Prism's --ignoreExamples). */
  ignoresExamples?: boolean;

  /** `seed`: set, the same request gets the same generated body. */
  constructor(
    private readonly named: ReadonlyMap<string, DeclaredSchema>,
    readonly seed?: number,
  ) {}

  /**
   * The model answering one request. With a seed, its values are drawn from the API's seed mixed with
   * the request's method, path and query: the same request gets the same generated body, another
   * request its own. It shares the schemas converted so far. Without a seed, this model (random).
   */
  forRequest(request: RequestKey): ApiModel {
    if (this.seed === undefined) return this;
    return Object.create(this, { seed: { value: mixSeed(this.seed, keyOf(request)) } });
  }

  /** A named schema as an answer sees it (`writeOnly` properties not required). */
  resolve = (name: string): JsonSchema | undefined => {
    if (!this.answered.has(name)) {
      const declared = this.named.get(name);
      this.answered.set(name, declared === undefined ? undefined : toJsonSchema(declared, 'response'));
    }
    return this.answered.get(name);
  };

  /** A declared schema of an answer (inline, or a reference to a named one) in 2020-12 form. */
  answerSchema(declared: DeclaredSchema): JsonSchema {
    if (typeof declared === 'boolean') return declared;
    let converted = this.inline.get(declared);
    if (converted === undefined) {
      converted = toJsonSchema(declared, 'response');
      this.inline.set(declared, converted);
    }
    return converted;
  }

  /** A value of a declared schema, for the property or resource `name`; valid against the schema. */
  generate(declared: DeclaredSchema, name: string): unknown {
    if (this.sampler) return this.sampler(declared);
    return this.generateFrom(this.answerSchema(declared), name);
  }

  /**
   * A value of a schema already in 2020-12 form (a property of an answer's schema). `fresh`: without
   * the document's examples, so that values drawn again differ (rows of test data).
   */
  generateFrom(schema: JsonSchema, name: string, fresh = false): unknown {
    return generateValue(schema, { name, resolve: this.resolve, seed: this.seed, examples: !fresh });
  }

  /**
   * The properties an answer's schema gives its objects, through references and compositions,
   * found once per schema: what a stored record's server-owned fields are generated from.
   */
  propertiesOf(declared: DeclaredSchema): Record<string, JsonSchema> {
    const schema = this.answerSchema(declared);
    if (typeof schema === 'boolean') return {};
    let properties = this.properties.get(schema);
    if (!properties) {
      properties = kindsOf(schema, this.resolve).properties;
      this.properties.set(schema, properties);
    }
    return properties;
  }

  /** A value of the named schema `name` of the model. */
  generateNamed(schemaName: string, name: string): unknown {
    return this.generate({ $ref: schemaRef(schemaName) }, name);
  }

  /** Whether a document's example is a value of its schema: one that is not is not answered. */
  accepts(declared: DeclaredSchema | undefined, value: unknown): boolean {
    if (declared === undefined || (isJsonObject(declared) && Object.keys(declared).length === 0)) return true;
    return conforms(value, this.answerSchema(declared), checking(this.resolve));
  }
}
