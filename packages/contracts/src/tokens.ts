// spec §7 Tokens: sandbox access tokens per API (Token Manager).

export const tokensPaths = {
  list: '/api/tokens',
  generate: (apiMasterId: number | string) => `/api/generateToken/${apiMasterId}`,
  regenerate: (tokenId: number | string) => `/api/tokens/${tokenId}/regenerate`,
  remove: (tokenId: number | string) => `/api/deleteToken/${tokenId}`,
} as const;

/** spec §3 Token record. */
export interface TokenRecord {
  id: number;
  apiMasterId: number;
  apiMasterName: string;
  generatedAccessToken: string;
  tokenExpirationDate: string;
  isAuthRequired: boolean;
}

export const TOKEN_LIFETIME_DAYS = 30;

export const tokenMessages = {
  generated: 'Token generated successfully.',
  deleted: 'Token deleted successfully.',
  failed: 'Sorry, something went wrong. Try again.',
  noRecords: 'No records found',
} as const;
