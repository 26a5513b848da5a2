// An operation as the imported document declares it, in OpenAPI 3.x form whatever the document's
// version: what the sandbox answers from (media types, named examples, response headers, security).
// Every `$ref` is resolved in place except a schema's reference to a named schema, which stays
// `{ $ref: schemaRef(name) }` (`#/components/schemas/<name>`, the name escaped as a JSON Pointer's
// segment), name being the API's schema of that name.

/** A schema as written (OpenAPI 3.0 or 3.1 dialect); references to named schemas stay references. */
export type DeclaredSchema = { [keyword: string]: unknown } | boolean;

/**
 * The document's named schemas (`components.schemas`, or Swagger 2's `definitions` in 3.0 form) as
 * written, by name: what a `#/components/schemas/<name>` reference of a declared schema points to.
 */
export type DeclaredSchemas = Record<string, DeclaredSchema>;

export interface DeclaredExample {
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
}

export interface DeclaredMediaType {
  schema?: DeclaredSchema;
  example?: unknown;
  /** Named examples, in the document's order. */
  examples?: Record<string, DeclaredExample>;
  encoding?: Record<string, unknown>;
}

export interface DeclaredHeader {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  style?: string;
  explode?: boolean;
  schema?: DeclaredSchema;
  example?: unknown;
  examples?: Record<string, DeclaredExample>;
  content?: Record<string, DeclaredMediaType>;
}

export interface DeclaredParameter extends DeclaredHeader {
  name: string;
  in: string;
  allowEmptyValue?: boolean;
  allowReserved?: boolean;
  [extension: `x-${string}`]: unknown;
}

export interface DeclaredRequestBody {
  description?: string;
  required?: boolean;
  /** Media type → its schema and examples, in the document's order. */
  content: Record<string, DeclaredMediaType>;
}

export interface DeclaredResponse {
  description?: string;
  /** Header name as written → header. */
  headers?: Record<string, DeclaredHeader>;
  /** Absent: the response has no body. */
  content?: Record<string, DeclaredMediaType>;
  links?: Record<string, unknown>;
}

/** Scheme name → scopes (or roles); every scheme of one requirement is needed. */
export type SecurityRequirement = Record<string, string[]>;

export interface DeclaredOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  /** Path-level parameters merged with the operation's own (the operation's win by name and place). */
  parameters: DeclaredParameter[];
  requestBody?: DeclaredRequestBody;
  /** Status code (`200`, `2XX`, `default`) → response, in the document's order. */
  responses: Record<string, DeclaredResponse>;
  /**
   * The requirements in force: the operation's own when it declares any (`[]` opts out), else the
   * document's; absent when neither declares security. Any one requirement suffices.
   */
  security?: SecurityRequirement[];
  [extension: `x-${string}`]: unknown;
}

export interface OAuthFlow {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: Record<string, string>;
}

/** A security scheme of the document (`components.securitySchemes`, or Swagger 2's `securityDefinitions`). */
export type SecurityScheme = { description?: string } & (
  | { type: 'apiKey'; name: string; in: 'query' | 'header' | 'cookie' }
  /** `scheme` is lower case (`basic`, `bearer`, `digest`, ...). */
  | { type: 'http'; scheme: string; bearerFormat?: string }
  | {
      type: 'oauth2';
      flows: Partial<Record<'implicit' | 'password' | 'clientCredentials' | 'authorizationCode', OAuthFlow>>;
    }
  | { type: 'openIdConnect'; openIdConnectUrl: string }
  | { type: 'mutualTLS' }
);
