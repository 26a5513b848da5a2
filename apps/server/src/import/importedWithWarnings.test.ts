import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// What an import warns of still deploys and answers: the warning says what is not honoured, the
// rest of the document is.

const json = (schema: object) => ({ 'application/json': { schema } });
const channelsDocument = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Channels', version: '1.0.0' },
  paths: {
    '/channels': {
      head: { responses: { '200': { description: 'There are channels' } } },
      get: {
        responses: {
          '200': {
            description: 'Channels',
            content: json({ type: 'array', items: { $ref: '#/components/schemas/Channel' } }),
          },
        },
      },
      post: {
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/Channel' }) },
        responses: {
          '201': { description: 'Created', content: json({ $ref: '#/components/schemas/Channel' }) },
        },
      },
    },
  },
  components: {
    schemas: {
      Channel: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          latest: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] },
        },
      },
    },
  },
});

describe.each(dialects)('an API imported with warnings, deployed on %s', (dialect) => {
  let app: TestApp;
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const { auth } = await signUpAndVerify(app);
    sandbox = await deploy(app, auth, channelsDocument);
  });
  afterAll(() => app.close());

  it('answers its HEAD operation', async () => {
    expect((await sandbox.call('HEAD', '/channels')).statusCode).toBe(200);
  });

  it('checks a body whose schema has tuple items', async () => {
    const created = await sandbox.call('POST', '/channels', {
      body: { name: 'general', latest: ['hello', 3] },
    });
    expect(created.statusCode).toBe(201);
    const refused = await sandbox.call('POST', '/channels', { body: { latest: ['hello', 3] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ location: 'body.name' })]);
  });

  it('holds tuple items to their positions', async () => {
    const refused = await sandbox.call('POST', '/channels', {
      body: { name: 'general', latest: [3, 'hello'] },
    });
    expect(refused.statusCode).toBe(400);
  });
});
