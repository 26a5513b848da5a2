import {
  type ApiMaster,
  designMessages,
  type EndpointDetail,
  ROLE_VIEWER,
  type SchemaMaster,
} from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer } from '../../test/support/design.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { joinTeam } from '../../test/support/team/teamJourneys.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// What a design change must not break, and the message a user reads when it is refused.

describe.each(dialects)('design rules on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let d: ReturnType<typeof designer>;
  let api: ApiMaster;
  let onePet: EndpointDetail;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    d = designer(app, auth);
    api = await d.emptyApi();
    await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, {
      schemaName: 'Pet',
      configProperties: [{ jsonKey: 'name', jsonKeyType: 'string', isMandatory: true }],
    });
    onePet = await d.addEndpoint(api.id, 'GET', '/pets/{petId}');
  });
  afterAll(() => app.close());

  const refusal = async (
    status: number,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const res = await d.send(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().message as string;
  };

  it('refuses a path that is the same route as another endpoint, a malformed path and an unknown method', async () => {
    const url = `/api/api-config/${api.id}/endpoints`;
    expect(await refusal(400, 'POST', url, { methodType: 'GET', apiEndPoint: '/pets/{id}' })).toBe(
      designMessages.pathClash('GET', '/pets/{petId}'),
    );
    expect(await refusal(400, 'POST', url, { methodType: 'GET', apiEndPoint: '/pets/{id' })).toBe(
      designMessages.pathMalformed,
    );
    expect(await refusal(400, 'POST', url, { methodType: 'GET', apiEndPoint: 'pets' })).toBe(
      designMessages.pathStart,
    );
    expect(await refusal(400, 'POST', url, { methodType: 'FETCH', apiEndPoint: '/pets' })).toBe(
      designMessages.methodUnknown,
    );
    expect(await refusal(400, 'POST', url, { methodType: 'GET', apiEndPoint: '/a/{x}/b/{x}' })).toBe(
      designMessages.pathDuplicateParameter('x'),
    );
    // another method of the same route is another endpoint
    await d.addEndpoint(api.id, 'DELETE', '/pets/{id}');
    const list = await d.addEndpoint(api.id, 'GET', '/pets');
    expect(
      await refusal(400, 'PUT', `/api/api-config/${api.id}/${list.id}`, { apiEndPoint: '/pets/{anything}' }),
    ).toBe(designMessages.pathClash('GET', '/pets/{petId}'));
  });

  it('refuses duplicate parameters, headers and properties, and a path parameter the path lacks', async () => {
    const params = `/api/parameter-config/${onePet.id}`;
    const limit = { keyName: 'limit', parameterType: 'query' };
    expect(await refusal(400, 'POST', params, [limit, limit])).toBe(
      designMessages.parameterDuplicate('query', 'limit'),
    );
    expect(await refusal(400, 'POST', params, [{ keyName: 'other', parameterType: 'path' }])).toBe(
      designMessages.pathParameterNotInPath('other'),
    );
    const header = { headerKey: 'X-Trace', parameterType: 'header' };
    expect(
      await refusal(400, 'PUT', `/api/api-config/${api.id}/${onePet.id}/headers`, [
        header,
        { ...header, headerKey: 'x-trace' },
      ]),
    ).toBe(designMessages.headerDuplicate('x-trace'));
    const name = { jsonKey: 'name', jsonKeyType: 'string', isMandatory: false };
    expect(
      await refusal(409, 'POST', `/api/api-config/${api.id}/schemas`, {
        schemaName: 'Pet',
        configProperties: [],
      }),
    ).toBe(designMessages.schemaExists('Pet'));
    expect(
      await refusal(400, 'POST', `/api/api-config/${api.id}/schemas`, {
        schemaName: 'Owner',
        configProperties: [
          { jsonKey: 'address', jsonKeyType: 'object', isMandatory: false, configProperties: [name, name] },
        ],
      }),
    ).toBe(designMessages.propertyDuplicate('name', 'Owner.address'));
  });

  it('refuses schemas that require each other in a circle, and holds an optional one', async () => {
    const node = (required: boolean) => ({
      schemaName: 'Node',
      configProperties: [
        {
          jsonKey: 'next',
          jsonKeyType: 'object',
          isMandatory: required,
          refProperties: '#/components/schemas/Node',
        },
      ],
    });
    expect(await refusal(400, 'POST', `/api/api-config/${api.id}/schemas`, node(true))).toBe(
      designMessages.schemaCycle('Node.next → Node'),
    );
    await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, node(false));
    await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, {
      schemaName: 'Edge',
      configProperties: [
        {
          jsonKey: 'to',
          jsonKeyType: 'object',
          isMandatory: true,
          refProperties: '#/components/schemas/Node',
        },
      ],
    });
    // Node now requiring Edge closes the circle Node → Edge → Node
    expect(
      await refusal(400, 'PUT', `/api/api-config/${api.id}/schemas/Node`, {
        configProperties: [
          {
            jsonKey: 'edge',
            jsonKeyType: 'object',
            isMandatory: true,
            refProperties: '#/components/schemas/Edge',
          },
        ],
      }),
    ).toBe(designMessages.schemaCycle('Node.edge → Edge.to → Node'));
    expect(
      await refusal(400, 'PUT', `/api/api-config/${api.id}/schemas/Node`, {
        configProperties: [
          {
            jsonKey: 'x',
            jsonKeyType: 'object',
            isMandatory: false,
            refProperties: '#/components/schemas/Nowhere',
          },
        ],
      }),
    ).toBe(designMessages.schemaUnknown('Nowhere'));
    // a schema's bare name is not a reference: it would be kept and never followed
    expect(
      await refusal(400, 'PUT', `/api/api-config/${api.id}/schemas/Node`, {
        configProperties: [
          { jsonKey: 'x', jsonKeyType: 'object', isMandatory: false, refProperties: 'Edge' },
        ],
      }),
    ).toBe(designMessages.schemaRefMalformed('Edge'));
  });

  it('refuses to remove a schema still in use, and renames one everywhere it is used', async () => {
    await d.addResponse(api.id, onePet.id, '200', 'The pet', 'Pet');
    expect(await refusal(409, 'DELETE', `/api/api-config/${api.id}/schemas/Node`)).toBe(
      designMessages.schemaInUse('Node', 'property Edge.to'),
    );
    expect(await refusal(409, 'DELETE', `/api/api-config/${api.id}/schemas/Pet`)).toBe(
      designMessages.schemaInUse('Pet', 'GET /pets/{petId}'),
    );
    const renamed: SchemaMaster = await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/schemas/Node`, {
      schemaName: 'Vertex',
      configProperties: [
        {
          jsonKey: 'next',
          jsonKeyType: 'object',
          isMandatory: false,
          refProperties: '#/components/schemas/Node',
        },
      ],
    });
    expect(renamed.configProperties[0].refProperties).toBe('#/components/schemas/Vertex');
    const edge: SchemaMaster = (
      await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}`)
    ).schemaMasterList.find((s: SchemaMaster) => s.schemaName === 'Edge');
    expect(edge.configProperties[0].refProperties).toBe('#/components/schemas/Vertex');
    await d.expectStatus(200, 'DELETE', `/api/api-config/${api.id}/schemas/Edge`);
    await d.expectStatus(200, 'DELETE', `/api/api-config/${api.id}/schemas/Vertex`);
  });

  it("keeps the imported document's keys and lets a user rename the rows they added", async () => {
    const imported: ApiMaster = (await importApi(app, auth, petstoreYaml)).json();
    const listId = imported.apiConfigList.find(
      (e) => e.methodType === 'GET' && e.apiEndPoint === '/pets',
    )?.id;
    const list = await d.endpoint(imported.id, listId as number);
    const params = `/api/parameter-config/${list.id}`;
    const [first] = list.parameterConfigList;
    expect(first.isDesigned).toBeUndefined();
    expect(await refusal(400, 'POST', params, [{ ...first, keyName: 'renamed' }])).toBe(
      designMessages.keyReadOnly(first.keyName),
    );

    await d.expectStatus(200, 'POST', params, [
      ...list.parameterConfigList,
      { keyName: 'sort', parameterType: 'query' },
    ]);
    const added = (await d.endpoint(imported.id, list.id)).parameterConfigList.find(
      (p) => p.keyName === 'sort',
    );
    expect(added).toMatchObject({ isDesigned: true, isRequired: false, dataType: 'string' });
    await d.expectStatus(200, 'POST', params, [...list.parameterConfigList, { ...added, keyName: 'order' }]);
    const after = await d.endpoint(imported.id, list.id);
    expect(after.parameterConfigList.map((p) => p.keyName)).toEqual([
      ...list.parameterConfigList.map((p) => p.keyName),
      'order',
    ]);
    // the export, written from the declared operation, has the new parameter too
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${imported.id}/openapi`);
    expect(document.paths['/pets'].get.parameters).toContainEqual({
      name: 'order',
      in: 'query',
      required: false,
      schema: { type: 'string' },
    });

    const schema: SchemaMaster = (
      await d.expectStatus(200, 'GET', `/api/api-config-master/${imported.id}`)
    ).schemaMasterList.find((s: SchemaMaster) => s.schemaName === 'NewPet');
    const renamedKey = schema.configProperties.map((p, i) => (i === 0 ? { ...p, jsonKey: 'nickname' } : p));
    expect(
      await refusal(400, 'PUT', `/api/api-config/${imported.id}/schemas/NewPet`, {
        configProperties: renamedKey,
      }),
    ).toBe(designMessages.keyReadOnly(schema.configProperties[0].jsonKey));
    expect(
      await refusal(400, 'PUT', `/api/api-config/${imported.id}/schemas/NewPet`, {
        schemaName: 'Animal',
        configProperties: schema.configProperties,
      }),
    ).toBe(designMessages.keyReadOnly('NewPet'));
  });

  it('refuses every design call to a Viewer', async () => {
    const viewer = await joinTeam(app, auth, ROLE_VIEWER);
    const asViewer = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      app.server.inject({ method, url, headers: viewer.auth, ...(payload && { payload }) });
    const calls = await Promise.all([
      asViewer('POST', `/api/api-config/${api.id}/endpoints`, { methodType: 'GET', apiEndPoint: '/toys' }),
      asViewer('PUT', `/api/api-config/${api.id}/${onePet.id}`, { apiTag: 'x' }),
      asViewer('DELETE', `/api/api-config/${api.id}/${onePet.id}`),
      asViewer('POST', `/api/api-config/${api.id}/schemas`, { schemaName: 'Toy' }),
      asViewer('DELETE', `/api/api-config/${api.id}/schemas/Pet`),
      asViewer('POST', `/api/parameter-config/${onePet.id}`, []),
    ]);
    expect(calls.map((c) => c.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await d.endpoint(api.id, onePet.id)).apiTag).toBe('default');
  });
});
