import { schemaNameOfRef } from '@sandbox/contracts';
import { XMLBuilder } from 'fast-xml-parser';
import { isJsonObject as isJson } from '../shared/jsonObjects.js';

// A value written as XML the way its schema's `xml` objects say (OpenAPI 3 "XML Object"): element
// names, attributes, wrapped arrays, namespaces and prefixes. The value leads and the schema only
// names things, so a value generated from the product's model and a stored record both serialise.

type Json = Record<string, unknown>;

interface XmlHints {
  name?: string;
  attribute?: boolean;
  wrapped?: boolean;
  namespace?: string;
  prefix?: string;
}

/** A schema with its `$ref`s followed: the component's name, and the `xml` object that applies. */
interface View {
  schema: Json;
  component?: string;
  xml: XmlHints;
}

/** Finds a document's named schema by its `$ref` (`#/components/schemas/Pet`), when it has one. */
export type ResolveSchema = (ref: string) => unknown;

const COMPOSITIONS = ['allOf', 'oneOf', 'anyOf'];
const OWN = { enumerable: true, writable: true, configurable: true };
const MAX_REF_HOPS = 16;
const MAX_DEPTH = 32;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressBooleanAttributes: false,
});

/** `rootName` names the root element when neither the schema's `xml.name` nor its component does. */
export function toXml(value: unknown, schema: unknown, rootName: string, resolve: ResolveSchema): string {
  const root = viewOf(schema, resolve);
  const name = qualified(rootNameOf(root, resolve) ?? rootName, root.xml);
  let content: unknown;
  if (Array.isArray(value)) {
    const items = viewOf(root.schema.items, resolve);
    const itemName = qualified(items.xml.name ?? items.component ?? 'item', items.xml);
    content = { [itemName]: value.map((item) => elementContent(item, items, resolve, 1)) };
  } else {
    content = elementContent(value, root, resolve, 0);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [name]: declareNamespace(content, root.xml) })}`;
}

function viewOf(schema: unknown, resolve: ResolveSchema): View {
  let current = isJson(schema) ? schema : {};
  let xml = isJson(current.xml) ? (current.xml as XmlHints) : undefined;
  let component: string | undefined;
  for (let hops = 0; typeof current.$ref === 'string' && hops < MAX_REF_HOPS; hops++) {
    const ref: string = current.$ref;
    component ??= schemaNameOfRef(ref);
    const target = resolve(ref);
    if (!isJson(target)) break;
    current = target;
    xml ??= isJson(current.xml) ? (current.xml as XmlHints) : undefined;
  }
  return { schema: current, component, xml: xml ?? {} };
}

/** The schema's own name, else that of the first `allOf` part that has one (an extended component). */
function rootNameOf(view: View, resolve: ResolveSchema): string | undefined {
  const own = view.xml.name ?? view.component;
  if (own !== undefined || !Array.isArray(view.schema.allOf)) return own;
  for (const part of view.schema.allOf) {
    const partView = viewOf(part, resolve);
    const named = partView.xml.name ?? partView.component;
    if (named !== undefined) return named;
  }
  return undefined;
}

/** What an element holds: text for a scalar, attributes and child elements for an object. */
function elementContent(value: unknown, view: View, resolve: ResolveSchema, depth: number): unknown {
  if (value === null || value === undefined) return '';
  if (!isJson(value)) return Array.isArray(value) ? value.map(String).join(' ') : value;
  if (depth > MAX_DEPTH) return '';
  const content: Json = {};
  for (const [key, child] of Object.entries(value)) {
    const property = viewOf(propertyOf(view.schema, key, resolve), resolve);
    const name = qualified(property.xml.name ?? key, property.xml);
    if (property.xml.attribute && !isJson(child) && !Array.isArray(child)) {
      if (child !== null && child !== undefined) content[`@_${name}`] = String(child);
      continue;
    }
    if (!Array.isArray(child)) {
      append(
        content,
        name,
        declareNamespace(elementContent(child, property, resolve, depth + 1), property.xml),
      );
      continue;
    }
    const items = viewOf(property.schema.items, resolve);
    const itemName = qualified(items.xml.name ?? property.xml.name ?? key, items.xml);
    const elements = child.map((item) =>
      declareNamespace(elementContent(item, items, resolve, depth + 1), items.xml),
    );
    if (property.xml.wrapped) append(content, name, declareNamespace({ [itemName]: elements }, property.xml));
    else for (const element of elements) append(content, itemName, element);
  }
  return content;
}

/**
 * A property's schema, looked for in `properties` and then in the `allOf`/`oneOf`/`anyOf` parts, each
 * part once: named schemas that compose each other (A allOf B, B allOf A) end. Where several parts
 * declare the property (a generic wrapper's `data`, then the list's own), the first that names it in
 * XML wins, else the first.
 */
function propertyOf(schema: Json, key: string, resolve: ResolveSchema, seen?: Set<Json>): unknown {
  if (isJson(schema.properties) && Object.hasOwn(schema.properties, key)) return schema.properties[key];
  let visited = seen;
  let first: unknown;
  for (const keyword of COMPOSITIONS) {
    const parts = schema[keyword];
    if (!Array.isArray(parts)) continue;
    visited ??= new Set([schema]);
    for (const part of parts) {
      const partSchema = viewOf(part, resolve).schema;
      if (visited.has(partSchema)) continue;
      visited.add(partSchema);
      const found = propertyOf(partSchema, key, resolve, visited);
      if (found === undefined) continue;
      if (Object.keys(viewOf(found, resolve).xml).length > 0) return found;
      first ??= found;
    }
  }
  return first;
}

function append(content: Json, name: string, element: unknown): void {
  // a key `constructor`, `toString` or `__proto__` names an element like any other
  const present = Object.hasOwn(content, name) ? content[name] : undefined;
  if (present === undefined) Object.defineProperty(content, name, { value: element, ...OWN });
  else if (Array.isArray(present)) present.push(element);
  else content[name] = [present, element];
}

function declareNamespace(content: unknown, xml: XmlHints): unknown {
  if (typeof xml.namespace !== 'string') return content;
  const attribute = xml.prefix ? `@_xmlns:${xmlName(xml.prefix)}` : '@_xmlns';
  if (isJson(content)) return { [attribute]: xml.namespace, ...content };
  return { [attribute]: xml.namespace, '#text': content };
}

function qualified(name: string, xml: XmlHints): string {
  return xml.prefix ? `${xmlName(xml.prefix)}:${xmlName(name)}` : xmlName(name);
}

/** A JSON key as an XML name: characters XML names cannot hold become `_`. */
function xmlName(name: string): string {
  const named = String(name).replace(/[^\p{L}\p{N}_.-]/gu, '_');
  return /^[\p{L}_]/u.test(named) ? named : `_${named}`;
}
