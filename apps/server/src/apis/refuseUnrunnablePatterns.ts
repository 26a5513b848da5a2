import type { BodyProperty } from '@sandbox/contracts';
import { Invalid } from '../http/errors.js';
import { compileTenantPattern } from '../sandbox/tenantPattern.js';

/**
 * A saved pattern must be one the sandbox can run in linear time: refused here, with the reason,
 * rather than stored and silently not enforced.
 */
export function refuseUnrunnablePatterns(properties: BodyProperty[], parent = ''): void {
  for (const property of properties) {
    const path = parent ? `${parent}.${property.jsonKey}` : property.jsonKey;
    if (property.pattern) {
      const compiled = compileTenantPattern(property.pattern);
      if ('refusal' in compiled) throw new Invalid(`The pattern of ${path} cannot be used`, compiled.refusal);
    }
    if (property.configProperties) refuseUnrunnablePatterns(property.configProperties, path);
  }
}
