import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLE_REFUSAL, ROLE_REFUSED_MESSAGE, SESSION_KEYS } from '@sandbox/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, HttpError } from './http';
import { createMemoryStorage } from './memoryStorage';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let handler: Handler = (_req, res) => res.end();
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function reply(status: number, payload?: unknown): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(payload === undefined ? '' : JSON.stringify(payload));
  };
}

describe('http client', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', createMemoryStorage());
    vi.useFakeTimers({ toFake: ['setTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends JSON with the stored bearer token and returns the parsed body', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'jwt-1');
    let seen: { auth?: string; type?: string; body?: string; method?: string } = {};
    handler = (req, res, body) => {
      seen = { auth: req.headers.authorization, type: req.headers['content-type'], body, method: req.method };
      reply(200, { ok: true })(req, res, body);
    };
    const request = createHttpClient({ baseUrl });
    await expect(request('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(seen).toEqual({ auth: 'Bearer jwt-1', type: 'application/json', body: '{"a":1}', method: 'POST' });
  });

  it('sends no authorization header without a session', async () => {
    let auth: string | undefined = 'unset';
    handler = (req, res, body) => {
      auth = req.headers.authorization;
      reply(200, {})(req, res, body);
    };
    await createHttpClient({ baseUrl })('/api/x');
    expect(auth).toBeUndefined();
  });

  it('throws an HttpError carrying the status, message and detail', async () => {
    handler = reply(409, { message: 'taken', detail: 'username' });
    const error = await createHttpClient({ baseUrl })('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: 'taken', detail: 'username' });
  });

  it('ends the session on a 403 and redirects to sign-in after the delay', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'jwt-1');
    sessionStorage.setItem(SESSION_KEYS.roleId, '3');
    handler = reply(403, { message: 'Forbidden' });
    const redirect = vi.fn();
    const request = createHttpClient({ baseUrl, redirect, forcedLogoutDelayMs: 1000 });

    await expect(request('/api/v1/auth/me')).rejects.toMatchObject({ status: 403 });
    expect(sessionStorage.length).toBe(0);
    expect(redirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(redirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirect).toHaveBeenCalledWith('/signin');
  });

  it('treats a 403 without a session as an ordinary error', async () => {
    handler = reply(403, { message: 'Bad credentials' });
    const redirect = vi.fn();
    const request = createHttpClient({ baseUrl, redirect, forcedLogoutDelayMs: 0 });
    await expect(request('/api/v1/auth/authenticate', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 403,
      message: 'Bad credentials',
    });
    vi.runAllTimers();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('keeps the session on a 403 that refuses the role, and carries the reason', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'jwt-1');
    handler = reply(403, { message: ROLE_REFUSED_MESSAGE, reason: ROLE_REFUSAL });
    const redirect = vi.fn();
    const request = createHttpClient({ baseUrl, redirect, forcedLogoutDelayMs: 0 });
    await expect(request('/api/inviteTeamMember', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 403,
      message: ROLE_REFUSED_MESSAGE,
      reason: ROLE_REFUSAL,
    });
    vi.runAllTimers();
    expect(redirect).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('jwt-1');
  });

  it('does not sign out on other errors', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'jwt-1');
    handler = reply(500, { message: 'boom' });
    const redirect = vi.fn();
    await expect(createHttpClient({ baseUrl, redirect })('/api/x')).rejects.toMatchObject({ status: 500 });
    vi.runAllTimers();
    expect(redirect).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('jwt-1');
  });
});
