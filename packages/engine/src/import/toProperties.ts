import { type BodyProperty, schemaRef } from '@sandbox/contracts';
import type { SchemaShape } from './collectShape.js';
import { collectShape } from './collectShape.js';
import { refuseDeepNesting } from './ImportError.js';
import { pascalCase } from './names.js';
import { childPointer } from './pointer.js';
import { impliedType, readConstraints } from './readConstraints.js';
import type { Located } from './resolveRef.js';
import { hasComposition, isTuple, type SchemaContext, type SchemaView } from './schemaContext.js';

/** `hint` is the name of what owns these properties, to name the schemas synthesized below them. */
export function toProperties(
  shape: SchemaShape,
  context: SchemaContext,
  hint: string,
  depth: number,
): BodyProperty[] {
  return [...shape.properties].map(([key, located]) =>
    toProperty(key, located, shape.required.has(key), context, hint, depth),
  );
}

function toProperty(
  key: string,
  located: Located,
  isMandatory: boolean,
  context: SchemaContext,
  hint: string,
  depth: number,
): BodyProperty {
  refuseDeepNesting(depth, located.pointer);
  const view = context.view(located);
  const property: BodyProperty = { jsonKey: key, jsonKeyType: 'object', isMandatory };
  if (view.schema.readOnly === true) property.readOnly = true;
  if (view.schema.writeOnly === true) property.writeOnly = true;
  if (view.named !== null) {
    referTo(property, view, view.named, context.typeOfComponent(view.named));
    if (view.nullable) property.nullable = true;
    return property;
  }
  const schema = view.schema;
  if (hasComposition(schema)) {
    // the model has no composition on a property: the alternatives live in a schema of their own
    const composed = context.synthesize(view, hint + pascalCase(key), depth + 1);
    referTo(property, view, composed.schemaName, composed.schemaType);
    return property;
  }
  const type = impliedType(schema, 'object');
  const place = { pointer: view.pointer, warnings: context.warnings };
  Object.assign(property, readConstraints(schema, type, place), { jsonKeyType: type });
  if (view.nullable) property.nullable = true;
  const ownName = type === 'object' || type === 'array' ? hint + pascalCase(key) : hint;
  if (type === 'object') {
    const nested = context.propertiesOf(view, () =>
      toProperties(collectShape(schema, view.pointer, context.resolver, depth), context, ownName, depth + 1),
    );
    if (nested.length > 0) property.configProperties = nested;
  }
  if (
    type === 'array' &&
    schema.items !== undefined &&
    !isTuple(schema.items, view.pointer, context.warnings)
  ) {
    describeItems(
      property,
      { value: schema.items, pointer: childPointer(view.pointer, 'items') },
      context,
      ownName,
      depth,
    );
  }
  return property;
}

/** A reference keeps only what is written beside it: the referenced schema stays whole in its own entry. */
function referTo(
  property: BodyProperty,
  view: SchemaView,
  name: string,
  type: BodyProperty['jsonKeyType'],
): void {
  const { description, defaultValue, example } = readConstraints(view.schema, type);
  if (description !== undefined) property.description = description;
  if (defaultValue !== undefined) property.defaultValue = defaultValue;
  if (example !== undefined) property.example = example;
  property.jsonKeyType = type;
  property.refProperties = schemaRef(name);
}

function describeItems(
  property: BodyProperty,
  located: Located,
  context: SchemaContext,
  hint: string,
  depth: number,
) {
  const view = context.view(located);
  if (view.named !== null) {
    property.itemsType = context.typeOfComponent(view.named);
    property.refProperties = schemaRef(view.named);
    return;
  }
  const type = impliedType(view.schema, 'object');
  if (type === 'array' || hasComposition(view.schema)) {
    const item = context.synthesize(view, `${hint}Item`, depth + 1);
    property.itemsType = item.schemaType;
    property.refProperties = schemaRef(item.schemaName);
    return;
  }
  property.itemsType = type;
  if (type === 'object') {
    const nested = context.propertiesOf(view, () =>
      toProperties(
        collectShape(view.schema, view.pointer, context.resolver, depth + 1),
        context,
        hint,
        depth + 1,
      ),
    );
    if (nested.length > 0) property.configProperties = nested;
  }
}
