import { type CopilotRequest, copilotMessages, copilotPaths, ZCopilotRequest } from '@sandbox/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { startFakeAi } from '../../test/support/copilot/fakeAiServer.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { AiFailure, chatCompletions } from './chatCompletions.js';
import { generateSpec } from './generateSpec.js';
import { remoteSpecProvider } from './remoteProvider.js';

const request: CopilotRequest = {
  projectName: 'Pets',
  description: 'A pet shop',
  endpoints: [
    { method: 'GET', url: '/pets', description: 'List pets' },
    { method: 'POST', url: '/pets', description: 'Add a pet with name and species' },
  ],
};
const input = ZCopilotRequest.parse(request);
// A good answer, as a model would write it: YAML in a fence would do too; this one is fenced JSON.
const goodDocument = JSON.stringify(generateSpec(input));
const fenced = (text: string) => `Here is your API:\n\`\`\`json\n${text}\n\`\`\``;
const missingPost = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: { '/pets': { get: { responses: { 200: { description: 'OK' } } } } },
});

describe('the remote Copilot provider', () => {
  let ai: Awaited<ReturnType<typeof startFakeAi>>;
  const provider = (timeoutMs = 2000) =>
    remoteSpecProvider(
      chatCompletions({ baseUrl: ai.baseUrl, apiKey: 'sk-test', model: 'test-model' }, timeoutMs),
    );
  beforeAll(async () => {
    ai = await startFakeAi();
  });
  beforeEach(() => ai.reset());
  afterAll(() => ai.close());

  it('accepts a good answer and returns it as indented JSON', async () => {
    ai.answer(fenced(goodDocument));
    const text = await provider()(input);
    expect(JSON.parse(text)).toEqual(JSON.parse(goodDocument));
    expect(text.startsWith('{\n  "openapi"')).toBe(true);
    expect(ai.received[0].headers.authorization).toBe('Bearer sk-test');
    expect(ai.received[0].body.model).toBe('test-model');
    expect(ai.received[0].body.messages.at(-1)?.content).toContain(
      'POST /pets: Add a pet with name and species',
    );
  });

  it('accepts a YAML answer', async () => {
    ai.answer(
      'openapi: 3.0.3\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get: { responses: { "200": { description: OK } } }\n    post: { responses: { "201": { description: Created } } }\n',
    );
    expect(JSON.parse(await provider()(input)).paths['/pets'].post).toBeDefined();
  });

  it('asks again with the problems when the first answer is not a valid document', async () => {
    ai.answer(missingPost, goodDocument);
    const text = await provider()(input);
    expect(JSON.parse(text)).toEqual(JSON.parse(goodDocument));
    expect(ai.received).toHaveLength(2);
    const followUp = ai.received[1].body.messages;
    expect(followUp.at(-2)).toEqual({ role: 'assistant', content: missingPost });
    expect(followUp.at(-1)?.content).toContain('The endpoint POST /pets is missing');
  });

  it('fails clearly when both answers are invalid', async () => {
    ai.answer('I cannot help with that.', '{"openapi": "3.0.3", "paths": ');
    const failure = await provider()(input).catch((error) => error);
    expect(failure).toBeInstanceOf(AiFailure);
    expect(failure).toMatchObject({ statusCode: 502, message: copilotMessages.aiInvalid });
    expect(failure.detail).toMatch(/not JSON or YAML/);
  });

  it('fails clearly when the service does not answer in time', async () => {
    ai.answer('no answer');
    // a provider that waited on would be stopped by the test's own time limit, and fail it
    const failure = await provider(300)(input).catch((error) => error);
    expect(failure).toMatchObject({ statusCode: 502, message: copilotMessages.aiTimedOut });
  });

  it('fails clearly when the service answers an error', async () => {
    ai.answer({ status: 401 });
    const failure = await provider()(input).catch((error) => error);
    expect(failure).toMatchObject({ statusCode: 502, message: copilotMessages.aiUnavailable });
    expect(failure.detail).toContain('401');
  });
});

describe.each(dialects)('Copilot with an AI service configured on %s', (dialect) => {
  let ai: Awaited<ReturnType<typeof startFakeAi>>;
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    ai = await startFakeAi();
    app = await startTestApp(
      dialect,
      { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MODEL: 'test-model' },
      { aiTimeoutMs: 500 },
    );
    ({ auth } = await signUpAndVerify(app));
  });
  beforeEach(() => ai.reset());
  afterAll(async () => {
    await app.close();
    await ai.close();
  });
  const generate = () =>
    app.server.inject({ method: 'POST', url: copilotPaths.generate, headers: auth, payload: request });

  it('answers the document the AI service wrote', async () => {
    ai.answer(fenced(goodDocument));
    const res = await generate();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(goodDocument));
  });

  it('answers 502 with a clear message when the AI service fails twice', async () => {
    ai.answer(missingPost, missingPost);
    const res = await generate();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: copilotMessages.aiInvalid,
      detail: 'The endpoint POST /pets is missing',
    });
  });

  it('answers 502 when the AI service is silent', async () => {
    ai.answer('no answer');
    const res = await generate();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(copilotMessages.aiTimedOut);
  });
});
