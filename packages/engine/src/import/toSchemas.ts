import { type BodyProperty, type PropertyType, type SchemaMaster, schemaRef } from '@sandbox/contracts';
import { collectShape, type SchemaShape } from './collectShape.js';
import { ImportError, refuseDeepNesting } from './ImportError.js';
import type { ImportWarnings } from './importWarnings.js';
import { childPointer, splitPointer } from './pointer.js';
import {
  collapseNullable,
  impliedType,
  isNullSchema,
  readConstraints,
  refOf,
  withAnnotations,
} from './readConstraints.js';
import { isObject, type Json, type Located, type RefResolver } from './resolveRef.js';
import {
  hasComposition,
  isTuple,
  readableSchema,
  type SchemaContext,
  type SchemaView,
} from './schemaContext.js';
import { toProperties } from './toProperties.js';

const MAX_INLINE_REFERENCES = 20_000;

/**
 * The named schemas of an API: the document's own (`components.schemas` or `definitions`), then those
 * synthesized for inline bodies and alternatives. A reference to a named schema never copies it.
 */
export class SchemaCatalog implements SchemaContext {
  readonly schemas: SchemaMaster[] = [];
  readonly warnings: ImportWarnings;
  private readonly components = new Map<string, Located>();
  private readonly taken = new Set<string>();
  private readonly synthesized = new Map<Json, SchemaMaster>();
  private readonly componentTypes = new Map<string, PropertyType | 'pending'>();
  private readonly componentNames = new Map<string, string | null>();
  private inlineReferences = 0;
  private readonly expanding = new Set<Json>();

  /** `componentsPointer` is where the document keeps them: `#/components/schemas` or `#/definitions`. */
  constructor(
    readonly resolver: RefResolver,
    private readonly componentsPointer: string,
    components: unknown,
  ) {
    this.warnings = resolver.warnings;
    if (components === undefined) return;
    if (!isObject(components)) {
      this.warnings.add(componentsPointer, 'The named schemas must be an object: none are imported');
      return;
    }
    for (const [name, schema] of Object.entries(components)) {
      this.components.set(name, { value: schema, pointer: childPointer(componentsPointer, name) });
      this.taken.add(name);
    }
  }

  /** The document's own named schemas, in its order, where it writes them. */
  get named(): ReadonlyMap<string, Located> {
    return this.components;
  }

  /** Converts every named schema of the document, in the document's order. */
  addComponents(): void {
    for (const [name, located] of this.components) this.schemas.push(this.build(name, this.view(located), 0));
  }

  /** The schema name a request or response body refers to, synthesizing one for an inline body. */
  nameBody(located: Located, suggestedName: string): string {
    const view = this.view(located);
    return view.named ?? this.synthesize(view, suggestedName, 1).schemaName;
  }

  view(located: Located): SchemaView {
    let current = located;
    let nullable = false;
    const visited = new Set<string>();
    for (;;) {
      const value = readableSchema(current, this.warnings);
      const collapsed = collapseNullable(value);
      nullable ||= collapsed.nullable;
      const ref = refOf(collapsed.schema);
      if (ref === undefined)
        return { named: null, schema: collapsed.schema, pointer: current.pointer, nullable };
      const target = this.resolver.lookup(ref, current.pointer);
      const named = this.componentName(target.pointer);
      if (named !== null) {
        return { named, schema: withAnnotations(collapsed.schema), pointer: current.pointer, nullable };
      }
      if (visited.has(target.pointer)) {
        current = this.resolver.unfollowed(
          current.pointer,
          'This $ref refers back to itself: it accepts any value',
        );
        continue;
      }
      visited.add(target.pointer);
      // an inline target is converted again at each reference: a chain of double references would explode
      if (++this.inlineReferences > MAX_INLINE_REFERENCES) {
        throw new ImportError('The document expands into too many schemas', current.pointer);
      }
      current = target;
    }
  }

  /** Like view, following named references too: for parameters, which keep constraints, not names. */
  inlineView(located: Located): SchemaView {
    let view = this.view(located);
    for (let hops = 0; view.named !== null; hops++) {
      if (hops > this.components.size) {
        const unfollowed = this.resolver.unfollowed(
          view.pointer,
          'This $ref refers back to itself: it accepts any value',
        );
        return {
          named: null,
          schema: unfollowed.value as Json,
          pointer: unfollowed.pointer,
          nullable: view.nullable,
        };
      }
      const target = this.view(this.components.get(view.named) as Located);
      view = { ...target, nullable: target.nullable || view.nullable };
    }
    return view;
  }

  propertiesOf(view: SchemaView, list: () => BodyProperty[]): BodyProperty[] {
    if (this.expanding.has(view.schema)) {
      this.warnings.add(
        view.pointer,
        'This schema is part of itself through a reference that is not a named schema: its properties are shown once, not again here',
      );
      return [];
    }
    this.expanding.add(view.schema);
    try {
      return list();
    } finally {
      this.expanding.delete(view.schema);
    }
  }

  typeOfComponent(name: string): PropertyType {
    const known = this.componentTypes.get(name);
    // a cycle of bare references (A → B → A) has no type of its own
    if (known === 'pending') return 'object';
    if (known) return known;
    this.componentTypes.set(name, 'pending');
    const located = this.components.get(name) as Located;
    const view = this.view(located);
    const type = view.named !== null ? this.typeOfComponent(view.named) : impliedType(view.schema, 'object');
    this.componentTypes.set(name, type);
    return type;
  }

  synthesize(view: SchemaView, suggestedName: string, depth: number): SchemaMaster {
    const known = this.synthesized.get(view.schema);
    if (known) return known;
    const master = this.build(this.uniqueName(suggestedName), view, depth);
    this.synthesized.set(view.schema, master);
    this.schemas.push(master);
    return master;
  }

  /** The name of the named schema at `pointer` (where a `$ref` led), null when it is not one. */
  componentName(pointer: string): string | null {
    const known = this.componentNames.get(pointer);
    if (known !== undefined) return known;
    const prefix = `${this.componentsPointer}/`;
    let name: string | null = null;
    if (pointer.startsWith(prefix) && pointer.indexOf('/', prefix.length) === -1) {
      const [segment] = splitPointer(`#/${pointer.slice(prefix.length)}`) ?? [];
      if (segment !== undefined && this.components.has(segment)) name = segment;
    }
    this.componentNames.set(pointer, name);
    return name;
  }

  private uniqueName(base: string): string {
    let name = base;
    for (let suffix = 2; this.taken.has(name); suffix++) name = `${base}${suffix}`;
    this.taken.add(name);
    return name;
  }

  private build(name: string, view: SchemaView, depth: number): SchemaMaster {
    refuseDeepNesting(depth, view.pointer);
    if (view.named !== null) return this.buildAlias(name, view, depth);
    const schema = view.schema;
    const type = impliedType(schema, 'object');
    const master: SchemaMaster = { schemaName: name, schemaType: type, configProperties: [] };
    const { description, example, ...constraints } = readConstraints(schema, type, {
      pointer: view.pointer,
      warnings: this.warnings,
    });
    if (description !== undefined) master.description = description;
    if (example !== undefined) master.example = example;
    if (view.nullable) master.nullable = true;
    const shape = collectShape(schema, view.pointer, this.resolver, depth);
    if (shape.composition) master.composition = this.alternatives(name, shape.composition, master, depth);
    if (type === 'object') {
      master.configProperties = this.propertiesOf(view, () => toProperties(shape, this, name, depth + 1));
    } else if (type === 'array') this.describeItems(master, schema, view.pointer, depth);
    else Object.assign(master, constraints);
    return master;
  }

  /** `Alias: {$ref: Pet}`: a schema of its own name with the content of the one it names. */
  private buildAlias(name: string, view: SchemaView, depth: number): SchemaMaster {
    const target = this.components.get(view.named as string) as Located;
    const copy = { ...this.build(name, this.view(target), depth + 1), schemaName: name };
    const { description } = readConstraints(view.schema, copy.schemaType);
    if (description !== undefined) copy.description = description;
    if (view.nullable) copy.nullable = true;
    return copy;
  }

  private alternatives(
    name: string,
    composition: NonNullable<SchemaShape['composition']>,
    master: SchemaMaster,
    depth: number,
  ): SchemaMaster['composition'] {
    const schemaNames: string[] = [];
    composition.alternatives.forEach((alternative, index) => {
      if (isNullSchema(alternative.value)) {
        master.nullable = true;
        return;
      }
      const view = this.view(alternative);
      schemaNames.push(
        view.named ?? this.synthesize(view, `${name}Option${index + 1}`, depth + 1).schemaName,
      );
    });
    return { kind: composition.kind, schemaNames };
  }

  private describeItems(master: SchemaMaster, schema: Json, pointer: string, depth: number): void {
    if (schema.items === undefined || isTuple(schema.items, pointer, this.warnings)) return;
    const view = this.view({ value: schema.items, pointer: childPointer(pointer, 'items') });
    if (view.named !== null) {
      master.itemsType = this.typeOfComponent(view.named);
      master.itemsRef = schemaRef(view.named);
      return;
    }
    const type = impliedType(view.schema, 'object');
    if (type !== 'object' && type !== 'array' && !hasComposition(view.schema)) {
      master.itemsType = type;
      return;
    }
    const item = this.synthesize(view, `${master.schemaName}Item`, depth + 1);
    master.itemsType = item.schemaType;
    master.itemsRef = schemaRef(item.schemaName);
  }
}
