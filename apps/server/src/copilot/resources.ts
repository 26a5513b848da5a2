import type { CopilotInput } from '@sandbox/contracts';
import { type Field, fieldFor } from './fieldTypes.js';
import { camelCase, defaultFields, fieldsNamedIn, sentencesAbout, singular } from './inferFields.js';

type Endpoint = CopilotInput['endpoints'][number];

/** One resource of the generated document (`/users`, `/users/{id}` → User) and what it holds. */
export interface Resource {
  /** `user`, `order_item`: the words of the resource. */
  key: string;
  /** `User`, `OrderItem`: its schema name. */
  schemaName: string;
  /** Every field but `id`, which the server assigns. */
  fields: Field[];
}

export interface PathInfo {
  /** The first fixed segment: the operation's tag. */
  tag: string;
  resource: string;
  /** Path parameters in order. */
  params: string[];
  /** The path ends with a parameter: it names one record. */
  isItem: boolean;
  /** Fixed segments, for operation ids. */
  words: string[];
}

export function readPath(url: string): PathInfo {
  const segments = url.split('/').filter(Boolean);
  const fixed = segments.filter((s) => !s.startsWith('{'));
  const last = fixed.at(-1) ?? 'root';
  return {
    tag: fixed[0] ?? 'default',
    resource:
      singular(last.toLowerCase())
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '') || 'root',
    params: segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1)),
    isItem: segments.at(-1)?.startsWith('{') ?? false,
    words: fixed
      .map((s) =>
        s
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim(),
      )
      .filter(Boolean),
  };
}

export const pascalCase = (words: string) =>
  words
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/**
 * Groups the endpoints by resource; each resource's fields are those its endpoints' descriptions and
 * the project description name, else the usual fields of such a resource.
 */
export function collectResources(input: CopilotInput): Map<string, Resource> {
  const texts = new Map<string, string[]>();
  for (const endpoint of input.endpoints as Endpoint[]) {
    const { resource } = readPath(endpoint.url);
    texts.set(resource, [...(texts.get(resource) ?? []), endpoint.description]);
  }
  const taken = new Set(['Error']);
  const resources = new Map<string, Resource>();
  for (const [key, descriptions] of texts) {
    const spoken = key.replace(/_/g, ' ');
    const named = [...descriptions, ...sentencesAbout(input.description, spoken)].flatMap(fieldsNamedIn);
    const names = [...new Set(named.length > 0 ? named : defaultFields(key))].filter((name) => name !== 'id');
    let schemaName = pascalCase(key) || 'Resource';
    while (taken.has(schemaName)) schemaName = `${schemaName}Resource`;
    taken.add(schemaName);
    resources.set(key, { key, schemaName, fields: names.map((name) => fieldFor(name, spoken)) });
  }
  return resources;
}

export { camelCase };
