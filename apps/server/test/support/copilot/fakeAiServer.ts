import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '../../../src/copilot/chatCompletions.js';

/** What the fake answers next: a chat completion's text, an HTTP failure, or silence. */
export type FakeAnswer = string | { status: number } | 'no answer';

/** A local OpenAI-compatible chat-completions server for tests; it answers from a queue. */
export async function startFakeAi() {
  const queue: FakeAnswer[] = [];
  const received: { headers: IncomingHttpHeaders; body: { model: string; messages: ChatMessage[] } }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions') return response.writeHead(404).end();
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) });
      const answer = queue.shift() ?? { status: 500 };
      if (answer === 'no answer') return;
      if (typeof answer !== 'string')
        return response.writeHead(answer.status).end('{"error":"fake failure"}');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: answer } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    answer: (...answers: FakeAnswer[]) => queue.push(...answers),
    received,
    reset() {
      queue.length = 0;
      received.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
