import { randomBytes } from 'node:crypto';
import type { TokenRecord } from '@sandbox/contracts';
import type { ApisService } from '../apis/service.js';
import type { User } from '../auth/service.js';
import { teamOf } from '../auth/service.js';
import { NotFound } from '../http/errors.js';
import { TokenCheck } from '../sandbox/service.js';
import type { TokenStore } from './store.js';

interface TokenDeps {
  store: TokenStore;
  apis: ApisService;
  lifetimeSeconds: number;
  /** Told when an API's tokens change, so the sandbox stops accepting a removed one at once. */
  onChange: (apiMasterId: number) => void;
}

type Row = NonNullable<Awaited<ReturnType<TokenStore['find']>>>;

const toRecord = (row: Row): TokenRecord => ({
  id: row.id,
  apiMasterId: row.api_master_id,
  apiMasterName: row.name,
  generatedAccessToken: row.token,
  tokenExpirationDate: row.expires_at,
  isAuthRequired: Boolean(row.is_auth_required),
});

/** 256 random bits, URL-safe. */
const newToken = () => `sbx_${randomBytes(32).toString('base64url')}`;

export function createTokenService({ store, apis, lifetimeSeconds, onChange }: TokenDeps) {
  const expiry = () => new Date(Date.now() + lifetimeSeconds * 1000).toISOString();

  async function ownToken(user: User, tokenId: number): Promise<Row> {
    const row = await store.find(tokenId);
    if (!row || row.team_id !== teamOf(user)) throw new NotFound('Token not found');
    return row;
  }

  return {
    /** Whether `token` is an unexpired token of the API (a CI job reading its API's request log). */
    async accepts(apiMasterId: number, token: string): Promise<boolean> {
      const rows = await store.ofApi(apiMasterId);
      return new TokenCheck(rows.map((r) => ({ token: r.token, expiresAt: r.expires_at }))).accepts(token);
    },

    async list(user: User): Promise<TokenRecord[]> {
      return (await store.listForTeam(teamOf(user))).map(toRecord);
    },

    async generate(user: User, apiMasterId: number): Promise<TokenRecord> {
      const api = await apis.apiOf(user, apiMasterId);
      const id = await store.create(api.id, newToken(), expiry());
      onChange(api.id);
      return toRecord(await ownToken(user, id));
    },

    async regenerate(user: User, tokenId: number): Promise<TokenRecord> {
      const row = await ownToken(user, tokenId);
      await store.replace(row.id, newToken(), expiry());
      onChange(row.api_master_id);
      return toRecord(await ownToken(user, tokenId));
    },

    async remove(user: User, tokenId: number): Promise<void> {
      const row = await ownToken(user, tokenId);
      await store.remove(row.id);
      onChange(row.api_master_id);
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
