// The one way the web app talks to the control-plane API.
import { type ApiError, FORCED_LOGOUT_DELAY_MS, ROLE_REFUSAL, ZApiError } from '@sandbox/contracts';
import { clearSession, getSessionToken } from './session';

export class HttpError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  /** 'role' when a signed-in user's role refused the call: their session stands. */
  readonly reason: string | undefined;
  /** How long the server asks to wait before trying again (its Retry-After, in seconds). */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, message: string, detail?: string, reason?: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.detail = detail;
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData for a multipart upload (the browser then sets the content type and boundary). */
  body?: unknown;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  baseUrl?: string;
  redirect?: (path: string) => void;
  forcedLogoutDelayMs?: number;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Retry-After as the server sends it: a number of seconds (never its HTTP-date form). */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

function toHttpError(response: Response, body: unknown): HttpError {
  const parsed = ZApiError.safeParse(body);
  const { message, detail, reason }: ApiError = parsed.success
    ? parsed.data
    : { message: response.statusText || `HTTP ${response.status}` };
  return new HttpError(response.status, message, detail, reason, retryAfterOf(response));
}

export function createHttpClient({
  baseUrl = '',
  redirect = (path) => globalThis.location.assign(path),
  forcedLogoutDelayMs = FORCED_LOGOUT_DELAY_MS,
}: HttpClientOptions = {}) {
  // spec §4: a 403 during a session ends it; assign() both navigates and reloads the app. A 403 for
  // the user's role is not a failed session: the caller shows it, and the user stays signed in.
  function forceLogout(): void {
    clearSession();
    setTimeout(() => redirect('/signin'), forcedLogoutDelayMs);
  }

  return async function request<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}) {
    const token = getSessionToken();
    const headers: Record<string, string> = { Accept: 'application/json' };
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
    const payload = await readBody(response);
    if (!response.ok) {
      const error = toHttpError(response, payload);
      // Without a session (the sign-in call itself) a 403 is an ordinary failure.
      if (response.status === 403 && getSessionToken() && error.reason !== ROLE_REFUSAL) forceLogout();
      throw error;
    }
    return payload as T;
  };
}

export const http = createHttpClient();
