// Adding and removing properties of a named schema's tree in the editor, before the whole schema is
// saved; kept pure for tests. Changing a property is propertyTree's updatePropertyAt.
import type { BodyProperty } from '@sandbox/contracts';
import type { PropertyPath } from './propertyTree';

/** A property a user adds: a string with a key not taken at its level (`field`, `field2`, ...). */
export function newProperty(siblings: BodyProperty[]): BodyProperty {
  const taken = new Set(siblings.map((p) => p.jsonKey));
  let key = 'field';
  for (let n = 2; taken.has(key); n++) key = `field${n}`;
  return { jsonKey: key, jsonKeyType: 'string', isMandatory: false, isDesigned: true };
}

/** Adds a new property at the end of the level `parent` (an empty path: the schema's top level). */
export function addPropertyAt(properties: BodyProperty[], parent: PropertyPath): BodyProperty[] {
  if (parent.length === 0) return [...properties, newProperty(properties)];
  const [index, ...rest] = parent;
  return properties.map((property, i) =>
    i === index
      ? { ...property, configProperties: addPropertyAt(property.configProperties ?? [], rest) }
      : property,
  );
}

/** Removes the property at `path`, with whatever is nested in it. */
export function removePropertyAt(properties: BodyProperty[], path: PropertyPath): BodyProperty[] {
  const [index, ...rest] = path;
  if (rest.length === 0) return properties.filter((_p, i) => i !== index);
  return properties.map((property, i) =>
    i === index
      ? { ...property, configProperties: removePropertyAt(property.configProperties ?? [], rest) }
      : property,
  );
}

/**
 * Whether a row's key (or name) may change: rows a user added may be renamed; those the imported
 * document brought keep the spec's read-only keys. A row not saved yet has no id.
 */
export function isRenamable(row: { id?: number; isDesigned?: boolean }): boolean {
  return row.id === undefined || row.isDesigned === true;
}

/** Nested properties belong to objects, and to arrays of objects written in place. */
export function holdsProperties(property: BodyProperty): boolean {
  return (
    !property.refProperties &&
    (property.jsonKeyType === 'object' ||
      (property.jsonKeyType === 'array' && property.itemsType === 'object'))
  );
}
