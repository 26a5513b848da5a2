// A segment trie per method: matching costs one map lookup per path segment, whatever the API's size.

interface Node<T> {
  statics: Map<string, Node<T>>;
  param?: { name: string; node: Node<T> };
  handlers: Map<string, T>;
}

export interface Match<T> {
  handler: T;
  params: Record<string, string>;
}

export type RouteLookup<T> =
  | { kind: 'found'; match: Match<T> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

const newNode = <T>(): Node<T> => ({ statics: new Map(), handlers: new Map() });

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

export class Router<T> {
  private readonly root: Node<T> = newNode();

  /** `template` like `/pets/{petId}`; a segment that is exactly `{name}` is a parameter. */
  add(method: string, template: string, handler: T): void {
    let node = this.root;
    for (const segment of segmentsOf(template)) {
      const param = /^\{([^}]+)\}$/.exec(segment);
      if (param) {
        node.param ??= { name: param[1], node: newNode() };
        node = node.param.node;
      } else {
        let next = node.statics.get(segment);
        if (!next) {
          next = newNode();
          node.statics.set(segment, next);
        }
        node = next;
      }
    }
    if (!node.handlers.has(method)) node.handlers.set(method, handler);
  }

  lookup(method: string, path: string): RouteLookup<T> {
    const params: Record<string, string> = {};
    const node = this.walk(this.root, segmentsOf(path), 0, params);
    if (!node) return { kind: 'not-found' };
    const handler = node.handlers.get(method) ?? (method === 'HEAD' ? node.handlers.get('GET') : undefined);
    if (handler) return { kind: 'found', match: { handler, params } };
    return { kind: 'method-not-allowed', allowed: [...node.handlers.keys()] };
  }

  // Static segments win over parameters; backtrack when a static branch leads nowhere.
  private walk(
    node: Node<T>,
    segments: string[],
    i: number,
    params: Record<string, string>,
  ): Node<T> | undefined {
    if (i === segments.length) return node.handlers.size > 0 ? node : undefined;
    const segment = segments[i];
    const fixed = node.statics.get(segment);
    if (fixed) {
      const found = this.walk(fixed, segments, i + 1, params);
      if (found) return found;
    }
    if (node.param) {
      const found = this.walk(node.param.node, segments, i + 1, params);
      if (found) {
        params[node.param.name] = safeDecode(segment);
        return found;
      }
    }
    return undefined;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
