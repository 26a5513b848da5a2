import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { feedbackMessages, validation } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const MB = 1024 * 1024;
const FEEDBACK_TO = 'feedback@sandbox.test';

describe.each(dialects)('feedback on %s', (dialect) => {
  let app: TestApp;
  let url: string;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect, { FEEDBACK_TO });
    url = await app.server.listen({ port: 0, host: '127.0.0.1' });
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  const aFile = (name: string, bytes: number, fill = 'a') => ({ name, blob: new Blob([fill.repeat(bytes)]) });

  /** A real multipart request, as a browser's FormData sends it. */
  async function submit(
    query: string | undefined,
    files: { name: string; blob: Blob }[],
    headers: object = auth,
  ) {
    const form = new FormData();
    if (query !== undefined) form.append('query', query);
    for (const file of files) form.append('attachments', file.blob, file.name);
    const res = await fetch(`${url}/api/v1/auth/submit-query`, {
      method: 'POST',
      body: form,
      headers: { ...headers },
    });
    return { status: res.status, body: (await res.json()) as { message: string; id?: number } };
  }

  const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
  const rowCount = async () => (await app.db.kysely.selectFrom('feedback').select('id').execute()).length;

  /** Asserts a refused upload left no row, no stored file and no temp file behind. */
  async function expectNothingLeft(rowsBefore: number, storedBefore: string[]) {
    expect(await rowCount()).toBe(rowsBefore);
    expect(entries(join(app.config.dataDir, 'feedback'))).toEqual(storedBefore);
    expect(entries(join(app.config.dataDir, 'feedback-incoming'))).toEqual([]);
  }

  it('stores the query and attachments, and mails FEEDBACK_TO', async () => {
    const res = await submit('The import button is hard to find.', [
      aFile('screenshot.png', 2 * MB, 'p'),
      aFile('notes.txt', 20, 'n'),
    ]);
    expect(res.status).toBe(200);
    const id = res.body.id as number;
    const folder = join(app.config.dataDir, 'feedback', String(id));
    expect(readdirSync(folder).sort()).toEqual(['1-screenshot.png', '2-notes.txt']);
    expect(readFileSync(join(folder, '2-notes.txt'), 'utf8')).toBe('n'.repeat(20));
    const row = await app.db.kysely
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.query).toBe('The import button is hard to find.');
    expect(JSON.parse(row.attachments)).toHaveLength(2);
    const mail = (await app.outbox()).filter((m) => m.to === FEEDBACK_TO).at(-1);
    expect(mail?.subject).toBe(
      `Feedback #${id} from ${
        (
          await app.db.kysely
            .selectFrom('users')
            .select('username')
            .where('id', '=', row.user_id ?? 0)
            .executeTakeFirstOrThrow()
        ).username
      }`,
    );
    expect(mail?.text).toContain('The import button is hard to find.');
    expect(mail?.text).toContain('screenshot.png');
    expect(mail?.attachments).toEqual([
      { name: 'screenshot.png', size: 2 * MB },
      { name: 'notes.txt', size: 20 },
    ]);
  });

  it('lists files too large to mail together, and leaves them in the folder', async () => {
    const res = await submit('Three big screenshots.', [
      aFile('one.png', 4 * MB, 'a'),
      aFile('two.png', 4 * MB, 'b'),
      aFile('three.png', 4 * MB, 'c'),
    ]);
    expect(res.status).toBe(200);
    const mail = (await app.outbox()).filter((m) => m.to === FEEDBACK_TO).at(-1);
    expect(mail?.attachments).toEqual([]);
    expect(mail?.text).toContain('too large to mail');
    expect(mail?.text).toContain('three.png');
  });

  it('accepts a query without attachments', async () => {
    const res = await submit('Just a thought.', []);
    expect(res.status).toBe(200);
  });

  it.each([
    [
      'six files',
      () => Array.from({ length: 6 }, (_, i) => aFile(`f${i}.txt`, 10)),
      413,
      feedbackMessages.tooManyFiles,
    ],
    ['a 6 MB file', () => [aFile('big.log', 6 * MB)], 413, feedbackMessages.fileTooLarge('big.log')],
    [
      '21 MB in total',
      () => [
        aFile('a.bin', 4.5 * MB),
        aFile('b.bin', 4.5 * MB),
        aFile('c.bin', 4.5 * MB),
        aFile('d.bin', 4.5 * MB),
        aFile('e.bin', 3 * MB),
      ],
      413,
      feedbackMessages.totalTooLarge,
    ],
    [
      'an .exe',
      () => [aFile('notes.txt', 10), aFile('setup.exe', 10)],
      400,
      feedbackMessages.blockedType('setup.exe'),
    ],
    [
      'a program renamed to .txt',
      () => [aFile('readme.txt', 100, 'MZ')],
      400,
      feedbackMessages.blockedType('readme.txt'),
    ],
    // Windows opens `evil.js.` and `evil.js. ` as `evil.js`.
    [
      'a script with a trailing dot',
      () => [aFile('evil.js.', 10)],
      400,
      feedbackMessages.blockedType('evil.js.'),
    ],
    [
      'a script with trailing dots and spaces',
      () => [aFile('evil.js . ', 10)],
      400,
      feedbackMessages.blockedType('evil.js . '),
    ],
    ['an uppercase .EXE.', () => [aFile('SETUP.EXE.', 10)], 400, feedbackMessages.blockedType('SETUP.EXE.')],
    ['a fullwidth ｊｓ', () => [aFile('evil.ｊｓ', 10)], 400, feedbackMessages.blockedType('evil.ｊｓ')],
    [
      'a zero-width space in .js',
      () => [aFile('evil.j\u200Bs', 10)],
      400,
      feedbackMessages.blockedType('evil.j\u200Bs'),
    ],
  ])('refuses %s with a clear message and leaves nothing behind', async (_case, files, status, message) => {
    const rows = await rowCount();
    const stored = entries(join(app.config.dataDir, 'feedback'));
    const res = await submit('Please look at this.', files());
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    await expectNothingLeft(rows, stored);
  });

  it('refuses a program whose MZ header arrives split over two network writes', async () => {
    const rows = await rowCount();
    const stored = entries(join(app.config.dataDir, 'feedback'));
    const boundary = 'split-header';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="query"\r\n\r\nSee the file.\r\n--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="readme.txt"\r\nContent-Type: text/plain\r\n\r\nM`;
    const tail = `Z${'x'.repeat(100)}\r\n--${boundary}--\r\n`;
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.setNoDelay(true);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (data) => {
        text += data;
      });
      socket.on('end', () => resolve(text));
    });
    const write = (text: string) => new Promise((resolve) => socket.write(text, resolve));
    await write(
      `POST /api/v1/auth/submit-query HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: ${auth.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(head + tail)}\r\n` +
        'Connection: close\r\n\r\n' +
        head,
    );
    // Give the server the time to read the first write on its own before the second arrives.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await write(tail);
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)).message).toBe(
      feedbackMessages.blockedType('readme.txt'),
    );
    await expectNothingLeft(rows, stored);
  });

  it('refuses a missing or blank query and leaves nothing behind', async () => {
    const rows = await rowCount();
    const stored = entries(join(app.config.dataDir, 'feedback'));
    for (const query of [undefined, '   ']) {
      const res = await submit(query, [aFile('notes.txt', 10)]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(validation.queryRequired);
    }
    await expectNothingLeft(rows, stored);
  });

  it('refuses a JSON body and an unexpected field with 400', async () => {
    const json = await fetch(`${url}/api/v1/auth/submit-query`, {
      method: 'POST',
      body: JSON.stringify({ query: 'hi' }),
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
    const form = new FormData();
    form.append('query', 'hi');
    form.append('other', new Blob(['x']), 'x.txt');
    const odd = await fetch(`${url}/api/v1/auth/submit-query`, { method: 'POST', body: form, headers: auth });
    expect(odd.status).toBe(400);
  });

  it('needs a session', async () => {
    const res = await submit('Anonymous', [], {});
    expect(res.status).toBe(403);
  });

  it('leaves JSON handling of other calls unchanged', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: '{"x":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Malformed JSON');
    const multipart = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: '--b\r\n\r\n--b--',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(multipart.statusCode).toBe(415);
  });
});

describe('feedback without FEEDBACK_TO', () => {
  it('is stored and mailed to no one', async () => {
    const app = await startTestApp('sqlite');
    try {
      const { auth } = await signUpAndVerify(app);
      const form = new FormData();
      form.append('query', 'Kept on disk only.');
      const url = await app.server.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${url}/api/v1/auth/submit-query`, {
        method: 'POST',
        body: form,
        headers: auth,
      });
      expect(res.status).toBe(200);
      expect((await app.outbox()).every((m) => !/^Feedback/.test(m.subject))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
