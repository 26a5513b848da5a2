// The Lab's request, built from what the user chose and typed (spec §4 API Lab).
import {
  type EndpointDetail,
  type LabCredential,
  type LabSendRequest,
  labBodyContentType,
  labSendsBody,
  type TokenRecord,
} from '@sandbox/contracts';

export interface Row {
  id: string;
  key: string;
  value: string;
  /** Keys read from the endpoint's configuration cannot be renamed (spec §2 Query Params). */
  fixedKey?: boolean;
  /** Filled for the chosen method, untouched since: choosing another method replaces it. */
  fromOperation?: boolean;
}

let nextRow = 0;
export const aRow = (key = '', value = '', fixedKey = false): Row => ({
  id: `row-${++nextRow}`,
  key,
  value,
  fixedKey,
});

/** spec §5 API Lab body: JSON is reformatted, anything else kept as typed. */
export function formatIfJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * spec §4: a POST, PUT or PATCH starts with the body the server generated from the request's schema
 * (a valid request as sent), as formatted JSON; an endpoint without one starts empty.
 */
export const bodyTemplateOf = ({ requestBodyTemplate }: Pick<EndpointDetail, 'requestBodyTemplate'>) =>
  requestBodyTemplate === undefined ? '' : JSON.stringify(requestBodyTemplate, null, 2);

/** spec §4: each `{key}` of the URL shows the value typed for that path parameter, once there is one. */
export function fillPathParams(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (placeholder, key: string) =>
    values[key] ? encodeURIComponent(values[key]) : placeholder,
  );
}

/** spec §4: an API that requires auth and has a token starts with its Authorization header. */
export function presetToken(
  api: { id: number; isAuthRequired: boolean; generatedAccessToken: string | null },
  tokens: TokenRecord[],
): string | null {
  if (!api.isAuthRequired) return null;
  const now = Date.now();
  const token = tokens.find((t) => t.apiMasterId === api.id && Date.parse(t.tokenExpirationDate) > now);
  return token?.generatedAccessToken ?? api.generatedAccessToken;
}

/** Puts `Authorization: Bearer <token>` in the headers, replacing any Authorization row. */
export function withAuthorization(rows: Row[], token: string): Row[] {
  const value = `Bearer ${token}`;
  const index = rows.findIndex((r) => r.key.toLowerCase() === 'authorization');
  if (index === -1) return [aRow('Authorization', value), ...rows];
  return rows.map((r, i) => (i === index ? { ...r, value, fromOperation: false } : r));
}

/**
 * The headers a method's request needs: its body's media type, whatever the text typed (so that the
 * sandbox, not the Lab, says when it is not valid JSON), and the credentials of its security.
 */
export function operationHeaders(
  method: string,
  { requestContentType, labCredentials }: Pick<EndpointDetail, 'requestContentType' | 'labCredentials'>,
): [string, string][] {
  const filled = labCredentials?.filled ?? [];
  const headers: [string, string][] = [];
  if (requestContentType && labSendsBody(method)) headers.push(['Content-Type', requestContentType]);
  for (const c of filled) if (c.in === 'header') headers.push([c.name, c.value]);
  const cookies = filled.filter((c) => c.in === 'cookie').map((c) => `${c.name}=${c.value}`);
  if (cookies.length) headers.push(['Cookie', cookies.join('; ')]);
  return headers;
}

/**
 * The rows with the previous method's filled headers replaced by `wanted`; a header the user set
 * (the API's token included) stays, and is not filled again.
 */
export function withOperationHeaders(rows: Row[], wanted: [string, string][]): Row[] {
  const kept = rows.filter((r) => !r.fromOperation);
  const set = new Set(kept.map((r) => r.key.toLowerCase()));
  const added = wanted
    .filter(([key]) => !set.has(key.toLowerCase()))
    .map(([key, value]) => ({ ...aRow(key, value), fromOperation: true }));
  return [...kept, ...added];
}

/** spec §2 Query Params: the method's query keys, an API key its security takes in the query filled in. */
export function operationParams(keys: string[], credentials: LabCredential[] = []): Row[] {
  const inQuery = credentials.filter((c) => c.in === 'query');
  const filledValue = (key: string) => inQuery.find((c) => c.name === key)?.value ?? '';
  const extra = inQuery.filter((c) => !keys.includes(c.name)).map((c) => c.name);
  return [...keys, ...extra].map((key) => aRow(key, filledValue(key), true));
}

const filled = (rows: Row[]) =>
  rows.filter((r) => r.key.trim() !== '').map(({ key, value }) => ({ key: key.trim(), value }));

export function sendPayload(state: {
  method: string;
  url: string;
  params: Row[];
  headers: Row[];
  body: string;
  apiMasterId: number;
}): LabSendRequest {
  return {
    requestMethod: state.method as LabSendRequest['requestMethod'],
    requestUrl: state.url,
    headers: filled(state.headers),
    requestBody: state.body,
    requestParams: filled(state.params),
    apiMasterId: state.apiMasterId,
  };
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The same request as a shell command, for sharing it outside the Lab. */
export function toCurl(request: LabSendRequest): string {
  let url = request.requestUrl;
  try {
    const parsed = new URL(request.requestUrl);
    for (const { key, value } of (request.requestParams ?? []) as { key: string; value: string }[])
      parsed.searchParams.append(key, value);
    url = parsed.toString();
  } catch {
    // an unfinished URL is copied as typed
  }
  // `-X HEAD` would leave curl waiting for a body that never comes; `--head` is HEAD as curl means it.
  const method = request.requestMethod === 'HEAD' ? '--head' : `-X ${request.requestMethod}`;
  const parts = [`curl ${method} ${quote(url)}`];
  const headers = (request.headers ?? []) as { key: string; value: string }[];
  const body = request.requestBody && labSendsBody(request.requestMethod) ? request.requestBody : undefined;
  // The Lab's server names a body's type when no header does; the copy says it as the Lab sent it.
  const typeNamed = headers.some(({ key }) => key.toLowerCase() === 'content-type');
  const typed =
    body === undefined || typeNamed
      ? headers
      : [...headers, { key: 'Content-Type', value: labBodyContentType(body) }];
  for (const { key, value } of typed) parts.push(`-H ${quote(`${key}: ${value}`)}`);
  if (body !== undefined) parts.push(`--data-raw ${quote(body)}`);
  return parts.join(' \\\n  ');
}
