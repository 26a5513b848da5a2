import { type DeclaredSchema, type DeclaredSchemas, MAX_IMPORT_BYTES, schemaRef } from '@sandbox/contracts';
import { SUBSCHEMA_KEYWORDS, SUBSCHEMA_LISTS, SUBSCHEMA_MAPS } from '../model/schemaKeywords.js';
import { ImportError, refuseDeepNesting } from './ImportError.js';
import { childPointer } from './pointer.js';
import { isObject, type Json, type Located } from './resolveRef.js';
import type { SchemaCatalog } from './toSchemas.js';

/**
 * The declared operations repeat what their references share (a common error response in every
 * operation): their written size is bounded, so a document of references to references cannot
 * expand into gigabytes.
 */
export class ExpansionBudget {
  private spent = 0;
  private readonly sizes = new WeakMap<object, number>();

  constructor(private readonly limit = 4 * MAX_IMPORT_BYTES) {}

  spend(size: number, pointer: string): void {
    this.spent += size;
    if (this.spent > this.limit) {
      throw new ImportError('The document expands into too much once its references are resolved', pointer);
    }
  }

  /** Spends what a value copied as data takes, measured once per object. */
  spendData(value: unknown, pointer: string): void {
    if (typeof value !== 'object' || value === null) {
      this.spend(String(value).length + 2, pointer);
      return;
    }
    let size = this.sizes.get(value);
    if (size === undefined) {
      size = measureJson(value, pointer);
      this.sizes.set(value, size);
    }
    this.spend(size, pointer);
  }
}

function measureJson(value: object, pointer: string): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    // YAML aliases can make a value contain itself
    throw new ImportError('A value of the document contains itself', pointer);
  }
}

/**
 * A schema of an operation as written, its references to named schemas rewritten to the API's
 * schema names (`#/definitions/Pet` becomes `#/components/schemas/Pet`) and any other local reference
 * copied in place. Swagger 2.0's own keywords (`x-nullable`, `type: file`) take their 3.0 form.
 */
export class SchemaDeclarer {
  constructor(
    private readonly catalog: SchemaCatalog,
    private readonly budget: ExpansionBudget,
    private readonly swagger2: boolean,
  ) {}

  /**
   * The document's named schemas, each declared as above, as JSON text (DeclaredSchemas); undefined
   * when it names none. They cost the expansion budget what the operations do.
   */
  declareNamed(): string | undefined {
    if (this.catalog.named.size === 0) return undefined;
    // fromEntries: a schema named `__proto__` is a name like any other
    const declared: DeclaredSchemas = Object.fromEntries(
      [...this.catalog.named].map(([name, located]) => [name, this.declare(located)]),
    );
    return JSON.stringify(declared);
  }

  declare(located: Located): DeclaredSchema {
    return this.rewrite(located.value, located.pointer, 1, new Set()) as DeclaredSchema;
  }

  private rewrite(value: unknown, pointer: string, depth: number, inlining: Set<string>): unknown {
    refuseDeepNesting(depth, pointer);
    if (!isObject(value)) {
      this.budget.spendData(value, pointer);
      return value;
    }
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) {
      const at = childPointer(pointer, key);
      this.budget.spend(key.length + 4, at);
      if (key === '$ref') continue;
      if (key === 'items' && Array.isArray(child)) {
        out[key] = child.map((item, index) =>
          this.rewrite(item, childPointer(at, index), depth + 1, inlining),
        );
      } else if (SUBSCHEMA_KEYWORDS.has(key) || key === 'additionalItems' || key === 'items') {
        out[key] = this.rewrite(child, at, depth + 1, inlining);
      } else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(child)) {
        out[key] = child.map((item, index) =>
          this.rewrite(item, childPointer(at, index), depth + 1, inlining),
        );
      } else if (SUBSCHEMA_MAPS.has(key) && isObject(child)) {
        out[key] = Object.fromEntries(
          Object.entries(child).map(([name, schema]) => [
            name,
            this.rewrite(schema, childPointer(at, name), depth + 1, inlining),
          ]),
        );
      } else {
        this.budget.spendData(child, at);
        out[key] = child;
      }
    }
    if (this.swagger2) fromSwagger2(out);
    if (!('$ref' in value)) return out;
    return this.follow(value.$ref, pointer, out, depth, inlining);
  }

  /**
   * A reference to a named schema stays one; any other local one is replaced by what it points to.
   * One that cannot be followed (external, dangling) is left as written, and named in a warning: the
   * catalog reads it as accepting any value.
   */
  private follow(ref: unknown, at: string, beside: Json, depth: number, inlining: Set<string>): unknown {
    const target = typeof ref === 'string' ? this.catalog.resolver.tryLookup(ref) : null;
    if (!target) {
      // lookup names it in a warning
      this.catalog.resolver.lookup(ref, at);
      return typeof ref === 'string' ? { $ref: ref, ...beside } : beside;
    }
    const name = this.catalog.componentName(target.pointer);
    if (name !== null) return { $ref: schemaRef(name), ...beside };
    // a cycle through schemas that are not named has no finite copy: its inner end accepts anything
    if (inlining.has(target.pointer)) return { ...beside };
    const copy = this.rewrite(target.value, target.pointer, depth + 1, new Set(inlining).add(target.pointer));
    if (copy === false) return false;
    return { ...(isObject(copy) ? copy : {}), ...beside };
  }
}

function fromSwagger2(schema: Json): void {
  if (schema['x-nullable'] === true) schema.nullable = true;
  if (schema.type === 'file') {
    schema.type = 'string';
    schema.format = 'binary';
  }
  if (typeof schema.discriminator === 'string') schema.discriminator = { propertyName: schema.discriminator };
}
