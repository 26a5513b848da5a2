import type { ColumnType, Generated } from 'kysely';

// Tables are snake_case; each capability's store maps them to the spec's wire names.
// Flags are integers (0/1) and times ISO-8601 strings so both dialects read back the same values.

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  /** Lower-cased username: sign-in and uniqueness ignore case. */
  username_key: string;
  password_hash: string | null;
  role_id: number;
  parent_user_id: number | null;
  is_verified: Generated<number>;
  is_active: Generated<number>;
  is_newsletter_subscribed: Generated<number>;
  verified_at: string | null;
  /** Sessions issued before this time no longer count, but for `kept_session`. */
  sessions_valid_from: string | null;
  kept_session: string | null;
  /** SHA-256 of the secret an invited member's verification handed out to set the first password. */
  set_password_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface VerificationTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_started_at: string;
}

export interface ApiMastersTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  version: string;
  description: string;
  is_auth_required: Generated<number>;
  is_published: Generated<number>;
  sandbox_key: string | null;
  created_at: string;
  updated_at: string;
  /** Set while an import is still being written: the API is hidden until it is cleared. */
  importing_since: string | null;
  /** JSON: the document's security schemes by name (SecurityScheme); NULL when it declares none. */
  security_schemes: string | null;
  /**
   * JSON: the API's named schemas as declared, by name (DeclaredSchemas); `{}` when it names none.
   * Every API has them (migration 024). The SQL column stays nullable as migration 012 added it: SQLite
   * adds NOT NULL to a column only by rebuilding its table, and both databases keep one schema.
   */
  declared_schemas: ColumnType<string, string, string>;
  /** JSON: what the import could not honour (ImportWarning[]); NULL when it warned of nothing. */
  import_warnings: string | null;
  /** Set: the sandbox's generated values are drawn from it, the same request getting the same body; NULL: random. */
  answer_seed: number | null;
  /** JSON: the traffic simulation of endpoints without their own (Behaviour); NULL: none. */
  behaviour: string | null;
  /** JSON: what the last import or re-import brought (ImportBaseline); NULL: imported before it was kept. */
  import_baseline: string | null;
  /** Set: the sandbox forwards calls to this backend and checks both sides (the hosted proxy); NULL: it mocks. */
  upstream_url: string | null;
}

export interface EndpointsTable {
  id: Generated<number>;
  api_master_id: number;
  position: number;
  tag: string;
  method: string;
  path: string;
  summary: string | null;
  operation_id: string | null;
  get_api_id: string | null;
  post_api_id: string | null;
  put_api_id: string | null;
  patch_api_id: string | null;
  delete_api_id: string | null;
  /**
   * JSON: the operation as the API declares it (DeclaredOperation). Every endpoint has one (migration
   * 024); the SQL column stays nullable as migration 011 added it, for the reason declared_schemas does.
   */
  operation: ColumnType<string, string, string>;
  /** JSON: the endpoint's own traffic simulation (Behaviour); NULL: the API's, if it has one. */
  behaviour: string | null;
  /** 1: added by a user in the product; 0: brought by an imported document. */
  is_designed: Generated<number>;
  /** 1: answered by the sandbox even when the API has an Upstream URL. */
  keep_mocked: Generated<number>;
}

export interface EndpointParametersTable {
  id: Generated<number>;
  endpoint_id: number;
  position: number;
  location: 'path' | 'query' | 'cookie' | 'header';
  name: string;
  parameter_type: string;
  description: string | null;
  is_required: Generated<number>;
  spec: string;
  config_parameter_id: number | null;
}

export interface EndpointRequestsTable {
  id: Generated<number>;
  endpoint_id: number;
  content_type: string;
  schema_name: string | null;
  is_required: Generated<number>;
}

export interface EndpointResponsesTable {
  id: Generated<number>;
  endpoint_id: number;
  code: string;
  description: string;
  schema_name: string | null;
  content_type: string | null;
  example: string | null;
}

export interface SchemasTable {
  id: Generated<number>;
  api_master_id: number;
  name: string;
  definition: string;
}

export interface BodyPropertiesTable {
  id: Generated<number>;
  schema_id: number;
  parent_id: number | null;
  position: number;
  json_key: string;
  definition: string;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC of the code: the database alone does not reveal a live code. */
  code_hash: string;
  expires_at: string;
  wrong_tries: Generated<number>;
  used_at: string | null;
  created_at: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  query: string;
  /** JSON list of { name, storedName, size, type } of the files under $DATA_DIR/feedback/<id>/. */
  attachments: string;
  created_at: string;
}

export interface SandboxRecordsTable {
  api_master_id: number;
  collection: string;
  record_key: string;
  data: string;
  created_at: string;
}

export interface SandboxCollectionsTable {
  api_master_id: number;
  collection: string;
}

/**
 * What one API's records take: the sum of its rows (one per shard). `bytes` is a bigint, which
 * PostgreSQL's driver answers as text.
 */
export interface SandboxUsageTable {
  api_master_id: number;
  shard: number;
  records: number;
  bytes: ColumnType<number | string, number, number>;
}

export interface ApiTokensTable {
  id: Generated<number>;
  api_master_id: number;
  token: string;
  expires_at: string;
  created_at: string;
}

/** One call to a deployed API's sandbox (contracts' LoggedRequest); JSON in the text columns. */
export interface RequestLogTable {
  id: Generated<number>;
  api_master_id: number;
  at: string;
  method: string;
  path: string;
  query: string;
  request_headers: string;
  request_body: string | null;
  request_body_truncated: number;
  endpoint_id: number | null;
  endpoint: string | null;
  unmatched: string | null;
  status: number;
  response_headers: string;
  response_body: string | null;
  response_body_truncated: number;
  duration_ms: number;
  problems: string;
  source: string;
  simulated: string | null;
  /** 1: the call was forwarded to the API's Upstream URL. */
  forwarded: Generated<number>;
  /** How many of `violations` are the request's, and the response's: the log is filtered on them. */
  request_violations: Generated<number>;
  response_violations: Generated<number>;
  /** JSON: what of the exchange broke the document (LoggedViolation[]); NULL: nothing checked. */
  violations: string | null;
}

export interface RequestLogGapsTable {
  id: Generated<number>;
  api_master_id: number;
  at: string;
  calls: number;
}

export interface TestDataTable {
  endpoint_id: number;
  target: 'request' | 'response';
  rows: string;
  updated_at: string;
}

/** A mail waiting for the SMTP server: sent by the outbox's worker, never inside a request. */
export interface MailOutboxTable {
  id: Generated<number>;
  /** The mail as JSON: recipient, subject, text, attachments' paths. */
  message: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  failed_at: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  verification_tokens: VerificationTokensTable;
  rate_limits: RateLimitsTable;
  password_reset_codes: PasswordResetCodesTable;
  feedback: FeedbackTable;
  api_masters: ApiMastersTable;
  endpoints: EndpointsTable;
  endpoint_parameters: EndpointParametersTable;
  endpoint_requests: EndpointRequestsTable;
  endpoint_responses: EndpointResponsesTable;
  schemas: SchemasTable;
  body_properties: BodyPropertiesTable;
  sandbox_records: SandboxRecordsTable;
  sandbox_collections: SandboxCollectionsTable;
  sandbox_usage: SandboxUsageTable;
  api_tokens: ApiTokensTable;
  test_data: TestDataTable;
  request_log: RequestLogTable;
  request_log_gaps: RequestLogGapsTable;
  mail_outbox: MailOutboxTable;
}
