// A large, realistic OpenAPI 3.0 document for tests and the import bench: CRUD resources grouped by
// tags, with path, query and header parameters, bodies, several responses, nested refs, allOf, enums.

const DOMAINS = [
  'billing',
  'catalog',
  'shipping',
  'accounts',
  'inventory',
  'orders',
  'reports',
  'search',
  'messaging',
  'payments',
  'support',
  'analytics',
  'identity',
  'marketing',
  'pricing',
  'reviews',
  'stores',
  'media',
  'loyalty',
  'compliance',
];
const NOUNS = [
  'Invoice',
  'Product',
  'Parcel',
  'Customer',
  'Warehouse',
  'Order',
  'Report',
  'Query',
  'Thread',
  'Payment',
  'Ticket',
  'Dashboard',
  'Credential',
  'Campaign',
  'PriceList',
  'Review',
  'Store',
  'Asset',
  'Reward',
  'Audit',
];
const STATUSES = ['draft', 'active', 'suspended', 'archived'];

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown, example?: unknown) => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});

export interface GeneratedDocumentOptions {
  operations: number;
}

/** Five operations per resource (list, create, read, update, delete) until `operations` are written. */
export function generateLargeDocument({ operations }: GeneratedDocumentOptions): Json {
  const paths: Json = {};
  const schemas: Json = sharedSchemas();
  let written = 0;
  for (let index = 0; written < operations; index++) {
    const domain = DOMAINS[index % DOMAINS.length] as string;
    const name = `${NOUNS[Math.floor(index / DOMAINS.length) % NOUNS.length]}${index}`;
    Object.assign(schemas, resourceSchemas(name, index));
    const collection = `/${domain}/${name.toLowerCase()}s`;
    const item = `${collection}/{${name.charAt(0).toLowerCase()}${name.slice(1)}Id}`;
    const all = resourceOperations(name, domain, index);
    const take = all.slice(0, operations - written);
    written += take.length;
    for (const [path, method, operation] of take.map(([where, method, operation]) => [
      where === 'collection' ? collection : item,
      method,
      operation,
    ])) {
      paths[path as string] = {
        ...(paths[path as string] as Json | undefined),
        [method as string]: operation,
      };
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Generated commerce platform', version: '1.0.0', description: `${operations} operations` },
    servers: [{ url: 'https://api.example.com/v1' }],
    tags: DOMAINS.map((name) => ({ name, description: `Everything about ${name}` })),
    paths,
    components: {
      schemas,
      parameters: {
        RequestId: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: 'Correlates logs across services',
          schema: { type: 'string', format: 'uuid' },
        },
        Limit: {
          name: 'limit',
          in: 'query',
          schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
        },
      },
      responses: {
        Unauthorized: { description: 'Missing or invalid credentials', content: json(ref('Error')) },
        NotFound: {
          description: 'No such resource',
          content: json(ref('Error'), { code: 404, message: 'Not found' }),
        },
      },
    },
  };
}

function resourceOperations(name: string, domain: string, index: number): [string, string, Json][] {
  const idName = `${name.charAt(0).toLowerCase()}${name.slice(1)}Id`;
  const idParameter = {
    name: idName,
    in: 'path',
    required: true,
    description: `Identifier of the ${name}`,
    schema: { type: 'string', format: 'uuid' },
  };
  const sample = {
    name: `${name} number ${index}`,
    status: 'active',
    price: { amount: 19.99, currency: 'EUR' },
    address: { street: '1 rue de la Paix', city: 'Paris', country: 'FR' },
    tags: ['new', domain],
    quantity: 2,
  };
  const body = { required: true, content: json(ref(`${name}Input`), sample) };
  const described = (what: string) =>
    `${what}. Requires the ${domain}:write scope for changes and ${domain}:read for reads; ` +
    'answers 401 without credentials and 400 when the input breaks the schema. Calls are limited to 600 ' +
    'per minute per client; past that the server answers 429 with a Retry-After header. Writes are ' +
    'idempotent when the client sends the same X-Request-Id again within 24 hours, and every change is ' +
    `recorded in the ${domain} audit log with the caller, the time and the fields it touched. ` +
    'Responses carry an ETag; send it back in If-Match to update only what you last read.';
  const common = [{ $ref: '#/components/parameters/RequestId' }];
  const errors = {
    '400': { description: 'Invalid input', content: json(ref('Error')) },
    '401': { $ref: '#/components/responses/Unauthorized' },
  };
  const list: Json = {
    tags: [domain],
    summary: `List ${name} records`,
    description: described(`Lists ${name} records page by page, newest first unless sorted`),
    operationId: `list${name}s`,
    parameters: [
      ...common,
      { $ref: '#/components/parameters/Limit' },
      { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
      { name: 'sort', in: 'query', schema: { type: 'string', enum: ['createdAt', '-createdAt', 'name'] } },
      { name: 'q', in: 'query', description: 'Full-text search', schema: { type: 'string', maxLength: 100 } },
      {
        name: 'X-Tenant',
        in: 'header',
        required: true,
        schema: { type: 'string' },
        example: `tenant-${index}`,
      },
    ],
    responses: {
      '200': {
        description: `A page of ${name} records`,
        content: json({
          type: 'object',
          required: ['items', 'meta'],
          properties: { items: { type: 'array', items: ref(name) }, meta: ref('PageMeta') },
        }),
      },
      ...errors,
    },
  };
  const write = (verb: string, summary: string, code: string): Json => ({
    tags: [domain],
    summary,
    description: described(summary),
    operationId: `${verb}${name}`,
    parameters: verb === 'create' ? common : [idParameter, ...common],
    requestBody: body,
    responses: {
      [code]: { description: `The ${name}`, content: json(ref(name)) },
      ...errors,
      '422': { description: 'Rules not met', content: json(ref('Error')) },
    },
  });
  return [
    ['collection', 'get', list],
    ['collection', 'post', write('create', `Create a ${name}`, '201')],
    [
      'item',
      'get',
      {
        tags: [domain],
        summary: `Read one ${name}`,
        operationId: `get${name}`,
        parameters: [idParameter, ...common],
        responses: {
          '200': { description: `The ${name}`, content: json(ref(name)) },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    ],
    ['item', index % 2 === 0 ? 'put' : 'patch', write('update', `Update a ${name}`, '200')],
    [
      'item',
      'delete',
      {
        tags: [domain],
        operationId: `delete${name}`,
        parameters: [idParameter, ...common],
        responses: { '204': { description: 'Deleted' }, '404': { $ref: '#/components/responses/NotFound' } },
      },
    ],
  ];
}

function resourceSchemas(name: string, index: number): Json {
  return {
    [`${name}Status`]: {
      type: 'string',
      enum: STATUSES,
      default: 'draft',
      description: `Lifecycle of a ${name}`,
    },
    [`${name}Input`]: {
      type: 'object',
      required: ['name', 'status'],
      properties: {
        name: {
          type: 'string',
          minLength: 1,
          maxLength: 80,
          example: `${name} number ${index}`,
          description: `The display name of the ${name}, shown in lists and search results`,
        },
        status: ref(`${name}Status`),
        price: ref('Money'),
        address: ref('Address'),
        tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
        quantity: { type: 'integer', minimum: 0, maximum: 10000, default: 1 },
        metadata: {
          type: 'object',
          description: 'Where the record came from and why',
          properties: {
            source: {
              type: 'string',
              enum: ['web', 'mobile', 'api'],
              description: 'The channel it was created on',
            },
            note: { type: 'string', maxLength: 500, description: 'A free note for the back office' },
            contact: {
              type: 'object',
              required: ['email'],
              properties: {
                email: { type: 'string', format: 'email', example: `ops+${index}@example.com` },
                phone: { type: 'string', pattern: '^\\+[0-9]{6,15}$', nullable: true },
              },
            },
          },
        },
        priority: {
          type: 'integer',
          minimum: 1,
          maximum: 5,
          default: 3,
          description: `How urgent this ${name} is`,
        },
        dueDate: { type: 'string', format: 'date', description: `When the ${name} must be handled` },
        visibility: { type: 'string', enum: ['private', 'team', 'public'], default: 'team' },
        owner: { allOf: [ref('Address')], description: 'Where the owner is reached' },
      },
    },
    [name]: {
      allOf: [
        ref('Resource'),
        ref(`${name}Input`),
        { type: 'object', properties: { revision: { type: 'integer', example: 3 } } },
      ],
    },
  };
}

function sharedSchemas(): Json {
  return {
    Resource: {
      type: 'object',
      required: ['id', 'createdAt'],
      properties: {
        id: { type: 'string', format: 'uuid', example: '3f6c1e9a-6f1b-4d0e-9a57-1b2c3d4e5f60' },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time', nullable: true },
      },
    },
    Money: {
      type: 'object',
      required: ['amount', 'currency'],
      properties: {
        amount: { type: 'number', minimum: 0, example: 19.99 },
        currency: { type: 'string', pattern: '^[A-Z]{3}$', example: 'EUR' },
      },
    },
    Address: {
      type: 'object',
      properties: {
        street: { type: 'string', maxLength: 120 },
        city: { type: 'string', maxLength: 60 },
        country: { type: 'string', minLength: 2, maxLength: 2, example: 'FR' },
      },
    },
    PageMeta: {
      type: 'object',
      properties: { total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } },
    },
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        details: { type: 'array', items: { type: 'string' } },
      },
    },
  };
}
