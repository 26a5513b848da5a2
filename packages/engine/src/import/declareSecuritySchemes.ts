// The security schemes of a document in OpenAPI 3.x form: `components.securitySchemes`, or Swagger
// 2.0's `securityDefinitions` converted (basic → http basic, OAuth 2 flows renamed). A scheme the
// sandbox could not check (unknown type, no name) is left out with a warning.
import type { OAuthFlow, SecurityScheme } from '@sandbox/contracts';
import type { ImportWarnings } from './importWarnings.js';
import { childPointer } from './pointer.js';
import { isObject, type Json, type RefResolver } from './resolveRef.js';

const API_KEY_PLACES = new Set(['query', 'header', 'cookie']);
const FLOWS = ['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const;
// Swagger 2.0's `flow` → OpenAPI 3's name for it
const SWAGGER2_FLOWS: Record<string, (typeof FLOWS)[number]> = {
  implicit: 'implicit',
  password: 'password',
  application: 'clientCredentials',
  accessCode: 'authorizationCode',
};

/** Where the document keeps its security schemes, and what it writes there. */
function writtenSchemes(document: Json, swagger2: boolean): { value: unknown; pointer: string } {
  if (swagger2) return { value: document.securityDefinitions, pointer: '#/securityDefinitions' };
  const components = isObject(document.components) ? document.components : {};
  return { value: components.securitySchemes, pointer: '#/components/securitySchemes' };
}

/** The names of the schemes the document declares, those the sandbox cannot check included. */
export function declaredSchemeNames(document: Json, swagger2: boolean): Set<string> {
  const { value } = writtenSchemes(document, swagger2);
  return new Set(isObject(value) ? Object.keys(value) : []);
}

export function declareSecuritySchemes(
  document: Json,
  swagger2: boolean,
  resolver: RefResolver,
  warnings: ImportWarnings,
): Record<string, SecurityScheme> | undefined {
  const { value: declared, pointer } = writtenSchemes(document, swagger2);
  if (!isObject(declared)) return undefined;
  const schemes: Record<string, SecurityScheme> = {};
  for (const [name, value] of Object.entries(declared)) {
    const at = childPointer(pointer, name);
    const scheme = resolver.follow({ value, pointer: at }).value;
    const converted = isObject(scheme) ? (swagger2 ? fromSwagger2(scheme) : fromOpenApi(scheme)) : null;
    if (converted) schemes[name] = withDescription(converted, scheme as Json);
    else warnings.add(at, 'A security scheme the sandbox cannot check: requests are not checked for it');
  }
  return schemes;
}

function fromOpenApi(scheme: Json): SecurityScheme | null {
  switch (scheme.type) {
    case 'apiKey':
      return apiKey(scheme);
    case 'http':
      if (typeof scheme.scheme !== 'string' || scheme.scheme === '') return null;
      return typeof scheme.bearerFormat === 'string'
        ? { type: 'http', scheme: scheme.scheme.toLowerCase(), bearerFormat: scheme.bearerFormat }
        : { type: 'http', scheme: scheme.scheme.toLowerCase() };
    case 'oauth2': {
      const flows: Partial<Record<(typeof FLOWS)[number], OAuthFlow>> = {};
      const declared = isObject(scheme.flows) ? scheme.flows : {};
      for (const flow of FLOWS) if (isObject(declared[flow])) flows[flow] = toFlow(declared[flow]);
      return { type: 'oauth2', flows };
    }
    case 'openIdConnect':
      return typeof scheme.openIdConnectUrl === 'string'
        ? { type: 'openIdConnect', openIdConnectUrl: scheme.openIdConnectUrl }
        : null;
    case 'mutualTLS':
      return { type: 'mutualTLS' };
    default:
      return null;
  }
}

function fromSwagger2(scheme: Json): SecurityScheme | null {
  switch (scheme.type) {
    case 'basic':
      return { type: 'http', scheme: 'basic' };
    case 'apiKey':
      return apiKey(scheme);
    case 'oauth2': {
      const flow = typeof scheme.flow === 'string' ? SWAGGER2_FLOWS[scheme.flow] : undefined;
      return { type: 'oauth2', flows: flow ? { [flow]: toFlow(scheme) } : {} };
    }
    default:
      return null;
  }
}

function apiKey(scheme: Json): SecurityScheme | null {
  const { name, in: place } = scheme;
  if (typeof name !== 'string' || name === '' || typeof place !== 'string' || !API_KEY_PLACES.has(place)) {
    return null;
  }
  return { type: 'apiKey', name, in: place as 'query' | 'header' | 'cookie' };
}

function toFlow(flow: Json): OAuthFlow {
  const declared: OAuthFlow = { scopes: {} };
  for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
    if (typeof flow[key] === 'string') declared[key] = flow[key];
  }
  if (isObject(flow.scopes)) {
    for (const [scope, description] of Object.entries(flow.scopes)) {
      declared.scopes[scope] = typeof description === 'string' ? description : '';
    }
  }
  return declared;
}

function withDescription(scheme: SecurityScheme, declared: Json): SecurityScheme {
  return typeof declared.description === 'string' ? { ...scheme, description: declared.description } : scheme;
}
