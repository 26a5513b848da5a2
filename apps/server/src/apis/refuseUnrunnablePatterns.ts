import type { BodyProperty } from '@sandbox/contracts';
import { compileTenantPattern } from '@sandbox/engine/shared/tenantPattern';
import { Invalid } from '../http/errors.js';

/**
 * A pattern saved anew must be one the sandbox can run in linear time: refused here, with the reason,
 * rather than stored and silently not enforced. One already stored (imported before patterns were
 * checked) passes unchanged, or the schema editor, which sends every property back, could save
 * nothing; the sandbox skips it.
 */
export function refuseUnrunnablePatterns(properties: BodyProperty[], stored: BodyProperty[]): void {
  const kept = new Set(patternsOf(stored));
  walk(properties, '', (path, pattern) => {
    if (kept.has(pattern)) return;
    const compiled = compileTenantPattern(pattern);
    if ('refusal' in compiled) throw new Invalid(`The pattern of ${path} cannot be used`, compiled.refusal);
  });
}

function patternsOf(properties: BodyProperty[]): string[] {
  const found: string[] = [];
  walk(properties, '', (_path, pattern) => found.push(pattern));
  return found;
}

function walk(properties: BodyProperty[], parent: string, visit: (path: string, pattern: string) => void) {
  for (const property of properties) {
    const path = parent ? `${parent}.${property.jsonKey}` : property.jsonKey;
    if (property.pattern) visit(path, property.pattern);
    if (property.configProperties) walk(property.configProperties, path, visit);
  }
}
