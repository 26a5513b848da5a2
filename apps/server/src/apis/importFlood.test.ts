// Issue 25, as the attack was made: uploads that send 9.5 MB of a document, then nothing, against the
// real server over its socket. Bounded: 30 uploads, one shared buffer, every socket closed by the end.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi, importFields } from '../../test/support/catalog.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const MB = 1024 * 1024;
const BOUNDARY = 'stalled-upload-boundary';
// the default idle timeout (IMPORT_IDLE_TIMEOUT, 10 s) and some slack on a busy machine
const CUT_OFF_WITHIN_MS = 20_000;

interface Outcome {
  status?: number;
  retryAfter?: string;
  afterMs: number;
}

interface StalledUpload {
  socket: Socket;
  /** The document so far is out of the client (or the server closed the connection). */
  sent: Promise<void>;
  /** The connection is closed, with the answer the server gave, if any. */
  ended: Promise<Outcome>;
}

/** The New API form with `file` as its document, sent whole but for its closing boundary: then nothing. */
function stallUpload(port: number, authorization: string, file: Buffer): StalledUpload {
  const started = performance.now();
  const fields = Object.entries(importFields).map(
    ([name, value]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const form = Buffer.from(
    `${fields.join('')}--${BOUNDARY}\r\ncontent-disposition: form-data; name="multipartFile"; ` +
      'filename="stalled.json"\r\ncontent-type: application/json\r\n\r\n',
  );
  const closing = `\r\n--${BOUNDARY}--\r\n`;
  const head =
    'POST /api/api-config-master/swagger/upload HTTP/1.1\r\nhost: 127.0.0.1\r\n' +
    `authorization: ${authorization}\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
    `content-length: ${form.length + file.length + closing.length}\r\n\r\n`;
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    answer += chunk;
  });
  // a refused upload's connection is closed while its document is still being sent
  socket.on('error', () => {});
  const ended = new Promise<Outcome>((resolve) =>
    socket.once('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]) || undefined,
        retryAfter: /\r\nretry-after: (\S+)/i.exec(answer)?.[1],
        afterMs: performance.now() - started,
      }),
    ),
  );
  const sent = new Promise<void>((resolve) => {
    socket.write(head);
    socket.write(form);
    socket.write(file, () => resolve());
    socket.once('close', () => resolve());
  });
  return { socket, sent, ended };
}

function within<T>(ms: number, promise: Promise<T>): Promise<T | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms);
  });
  return Promise.race([promise, timedOut]).finally(() => clearTimeout(timer));
}

/** The highest resident memory of this process (server and client both) while `during` runs. */
async function peakRss<T>(during: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await during();
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

describe('import uploads that stall', () => {
  let app: TestApp;
  let port: number;
  let auth: { authorization: string };
  const uploads: StalledUpload[] = [];
  // one buffer for every upload: the client's memory does not grow with them
  const document = Buffer.alloc(9.5 * MB, ' ');

  beforeAll(async () => {
    app = await startTestApp('sqlite');
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(async () => {
    for (const { socket } of uploads) socket.destroy();
    await app.close();
  });

  it('holds less than 150 MB more under 30 stalled 9.5 MB uploads of one user, and cuts them off', async () => {
    const { growthMb } = await peakRss(async () => {
      for (let n = 0; n < 30; n++) uploads.push(stallUpload(port, auth.authorization, document));
      await within(20_000, Promise.all(uploads.map((upload) => upload.sent)));
      // what was sent has been read by now
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    const outcomes = await within(CUT_OFF_WITHIN_MS, Promise.all(uploads.map((upload) => upload.ended)));
    if (outcomes === 'timed out')
      throw new Error(`the stalled uploads were held past ${CUT_OFF_WITHIN_MS} ms`);
    expect(growthMb).toBeLessThan(150);
    // most are refused before their document is read, the team's few in progress cut off once stalled
    const refused = outcomes.filter((outcome) => outcome.afterMs < 5000);
    expect(refused.length).toBeGreaterThanOrEqual(26);
    for (const { status, retryAfter } of refused) {
      if (status !== undefined) expect({ status, retryAfter }).toEqual({ status: 429, retryAfter: '10' });
    }
    expect(outcomes.filter((outcome) => outcome.status === 408).length).toBeGreaterThan(0);
    // the user's places are given back: an import goes through
    expect((await importApi(app, auth, petstoreYaml)).statusCode).toBe(201);
  });
});
