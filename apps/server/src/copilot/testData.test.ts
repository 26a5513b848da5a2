import { type ApiMaster, COPILOT_TEST_DATA_ROWS, copilotMessages, testDataPaths } from '@sandbox/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentUnderTest } from '../../../../packages/engine/test/support/model/documentValidator.js';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { startFakeAi } from '../../test/support/copilot/fakeAiServer.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { inlineOrdersYaml } from '../../test/support/sandboxDocuments.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

async function petstoreOf(app: TestApp, auth: { authorization: string }) {
  const imported = await importApi(app, auth, petstoreYaml);
  const api: ApiMaster = imported.json();
  const endpoint = (method: string, path: string) => {
    const found = api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path);
    if (!found) throw new Error(`no ${method} ${path}`);
    return found.id;
  };
  /** Problems of each row against the Pet schema of the API's export, as Ajv finds them. */
  const problemsOf = async (rows: unknown[]) => {
    const exported = await app.server.inject({
      url: `/api/api-config-master/${api.id}/openapi`,
      headers: auth,
    });
    const document = documentUnderTest(exported.json().components.schemas);
    return rows.flatMap((row, i) => document.errorsOf('Pet', row).map((error) => `[${i}] ${error}`));
  };
  return { api, endpoint, problemsOf };
}

/**
 * An API whose bodies are inline; each row is judged by Ajv against its body's schema as the API's
 * export declares it: an order of the list, or the new order the request sends.
 */
async function inlineOrdersOf(app: TestApp, auth: { authorization: string }) {
  const api: ApiMaster = (await importApi(app, auth, inlineOrdersYaml, 'orders.yaml')).json();
  const exported = await app.server.inject({
    url: `/api/api-config-master/${api.id}/openapi`,
    headers: auth,
  });
  const { paths, components } = exported.json();
  const document = documentUnderTest({
    ...components?.schemas,
    Order: paths['/orders'].get.responses['200'].content['application/json'].schema.items,
    NewOrder: paths['/orders'].post.requestBody.content['application/json'].schema,
  });
  const endpoint = (method: string) => api.apiConfigList.find((e) => e.methodType === method)?.id as number;
  const problemsOf = (name: 'Order' | 'NewOrder', rows: unknown[]) =>
    rows.flatMap((row, i) => document.errorsOf(name, row).map((error) => `[${i}] ${error}`));
  return { endpoint, problemsOf };
}

describe.each(dialects)('AI test data, built in, on %s', (dialect) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUpAndVerify>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    owner = await signUpAndVerify(app);
  });
  afterAll(() => app.close());
  const generate = (endpointId: number, auth = owner.auth) =>
    app.server.inject({ url: testDataPaths.generate(endpointId), headers: auth });

  it('makes ten varied rows that fit the response schema, one row per list item', async () => {
    const petstore = await petstoreOf(app, owner.auth);
    const res = await generate(petstore.endpoint('GET', '/pets'));
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(COPILOT_TEST_DATA_ROWS);
    expect(await petstore.problemsOf(rows)).toEqual([]);
    expect(new Set(rows.map((r: { id: string }) => r.id)).size).toBe(COPILOT_TEST_DATA_ROWS);
    expect(new Set(rows.map((r: { name: string }) => r.name)).size).toBeGreaterThan(1);
  });

  it('uses the request schema when the endpoint answers no body, and says when there is neither', async () => {
    const petstore = await petstoreOf(app, owner.auth);
    const fromRequest = (await generate(petstore.endpoint('POST', '/pets'))).json();
    expect(fromRequest[0]).toHaveProperty('name');
    const none = await generate(petstore.endpoint('DELETE', '/pets/{petId}'));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(copilotMessages.noSchema);
  });

  it('makes rows that fit an inline body’s schema as declared, keywords the catalog drops included', async () => {
    const orders = await inlineOrdersOf(app, owner.auth);
    const listed = (await generate(orders.endpoint('GET'))).json();
    expect(listed).toHaveLength(COPILOT_TEST_DATA_ROWS);
    expect(orders.problemsOf('Order', listed)).toEqual([]);
    const sent = (await generate(orders.endpoint('POST'))).json();
    expect(sent).toHaveLength(COPILOT_TEST_DATA_ROWS);
    expect(orders.problemsOf('NewOrder', sent)).toEqual([]);
  });

  it('keeps another team’s endpoints out of reach', async () => {
    const petstore = await petstoreOf(app, owner.auth);
    const stranger = await signUpAndVerify(app);
    expect((await generate(petstore.endpoint('GET', '/pets'), stranger.auth)).statusCode).toBe(404);
    expect((await generate(999_999)).statusCode).toBe(404);
  });
});

describe.each(dialects)('AI test data from an AI service on %s', (dialect) => {
  let ai: Awaited<ReturnType<typeof startFakeAi>>;
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    ai = await startFakeAi();
    app = await startTestApp(
      dialect,
      { AI_BASE_URL: ai.baseUrl, AI_MODEL: 'test-model' },
      { aiTimeoutMs: 1000 },
    );
    ({ auth } = await signUpAndVerify(app));
  });
  beforeEach(() => ai.reset());
  afterAll(async () => {
    await app.close();
    await ai.close();
  });

  const aPet = (n: number) => ({ id: crypto.randomUUID(), name: `Pet ${n}`, tag: 'cat' });

  it('checks every row against the schema and asks again with the problems', async () => {
    const petstore = await petstoreOf(app, auth);
    const good = Array.from({ length: 10 }, (_, n) => aPet(n));
    ai.answer(JSON.stringify([{ name: 42, tag: 'fish' }]), `\`\`\`json\n${JSON.stringify(good)}\n\`\`\``);
    const res = await app.server.inject({
      url: testDataPaths.generate(petstore.endpoint('GET', '/pets')),
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(good);
    const prompt = ai.received[0].body.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('"Pet"');
    expect(prompt).toContain('"enum"');
    const followUp = ai.received[1].body.messages.at(-1)?.content ?? '';
    expect(followUp).toContain('[0].name must be a string, got an integer');
    expect(followUp).toContain('[0].id is required');
  });

  it('shows the AI an inline body’s schema as declared and holds its rows to it', async () => {
    const orders = await inlineOrdersOf(app, auth);
    const good = Array.from({ length: 10 }, (_, n) => ({ id: crypto.randomUUID(), quantity: 7 * (n + 1) }));
    ai.answer(JSON.stringify([{ id: crypto.randomUUID(), quantity: 10 }]), JSON.stringify(good));
    const res = await app.server.inject({
      url: testDataPaths.generate(orders.endpoint('GET')),
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(good);
    expect(orders.problemsOf('Order', res.json())).toEqual([]);
    expect(ai.received[0].body.messages.at(-1)?.content).toContain('"multipleOf": 7');
    expect(ai.received[1].body.messages.at(-1)?.content).toContain('[0].quantity must be a multiple of 7');
  });

  it('answers 502 when the rows are wrong twice', async () => {
    const petstore = await petstoreOf(app, auth);
    ai.answer('[]', '{"not": "a list"}');
    const res = await app.server.inject({
      url: testDataPaths.generate(petstore.endpoint('GET', '/pets')),
      headers: auth,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(copilotMessages.aiDataInvalid);
  });
});
