import type { Generated } from 'kysely';

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

export interface Database {
  users: UsersTable;
  verification_tokens: VerificationTokensTable;
  rate_limits: RateLimitsTable;
}
