import type { BodyProperty, DeclaredSchemas, SchemaMaster } from '@sandbox/contracts';
import type { Sliced } from '@sandbox/engine/import/slicedImport';
import { inChunks } from '@sandbox/engine/shared/inChunks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

// Named schemas and their body-property trees. A schema row keeps its own fields as JSON; each
// property is a row (so the Mapping tab can point at it by id) with its fields as JSON too.

type Executor = Kysely<Database> | Transaction<Database>;
type SchemaFields = Omit<SchemaMaster, 'id' | 'schemaName' | 'apiMasterId' | 'configProperties'>;
type PropertyFields = Omit<BodyProperty, 'id' | 'jsonKey' | 'configProperties'>;

function schemaFields({
  id: _id,
  schemaName: _n,
  apiMasterId: _a,
  configProperties: _p,
  ...rest
}: SchemaMaster) {
  return rest satisfies SchemaFields;
}

function propertyFields({ id: _id, jsonKey: _k, configProperties: _p, ...rest }: BodyProperty) {
  return rest satisfies PropertyFields;
}

/** Schemas whose property trees are written together: some two thousand properties, 150 a statement. */
const SCHEMAS_AT_ONCE = 200;

/**
 * Inserts every schema and property tree in a few statements a slice of schemas at a time: schemas,
 * then properties level by level, learning the ids of each level by (parent, position) to link the next.
 */
export async function insertSchemas(
  db: Executor,
  apiMasterId: number,
  schemas: Sliced<SchemaMaster>,
): Promise<void> {
  for (let i = 0; i < schemas.length; i += SCHEMAS_AT_ONCE) {
    await insertSchemaTrees(db, apiMasterId, schemas.slice(i, i + SCHEMAS_AT_ONCE));
  }
}

async function insertSchemaTrees(db: Executor, apiMasterId: number, schemas: SchemaMaster[]): Promise<void> {
  const schemaIds = new Map<string, number>();
  await inChunks(
    schemas.map((schema) => ({
      api_master_id: apiMasterId,
      name: schema.schemaName,
      definition: JSON.stringify(schemaFields(schema)),
    })),
    async (chunk) => {
      const inserted = await db.insertInto('schemas').values(chunk).returning(['id', 'name']).execute();
      for (const { id, name } of inserted) schemaIds.set(name, id);
    },
  );
  type Pending = { schemaId: number; parentId: number | null; props: BodyProperty[] };
  let level: Pending[] = schemas.map((s) => ({
    schemaId: schemaIds.get(s.schemaName) as number,
    parentId: null,
    props: s.configProperties,
  }));
  while (level.length > 0) {
    // rows are made a chunk of parents at a time: all of a large import's at once would hold the CPU
    await inChunks(level, (parents) => {
      const rows = parents.flatMap(({ schemaId, parentId, props }) =>
        props.map((p, position) => ({
          schema_id: schemaId,
          parent_id: parentId,
          position,
          json_key: p.jsonKey,
          definition: JSON.stringify(propertyFields(p)),
        })),
      );
      return inChunks(rows, (chunk) => db.insertInto('body_properties').values(chunk).execute());
    });
    const withChildren = level.filter(({ props }) => props.some((p) => p.configProperties?.length));
    if (withChildren.length === 0) break;
    const idOf = await propertyIds(db, withChildren);
    level = withChildren.flatMap(({ schemaId, parentId, props }) =>
      props.flatMap((p, position) =>
        p.configProperties?.length
          ? [
              {
                schemaId,
                parentId: idOf.get(`${schemaId}:${parentId}:${position}`) as number,
                props: p.configProperties,
              },
            ]
          : [],
      ),
    );
  }
}

/** Ids of the properties inserted under these parents, keyed `schema:parent:position`. */
async function propertyIds(db: Executor, parents: { schemaId: number; parentId: number | null }[]) {
  const ids = new Map<string, number>();
  const topLevel = parents.filter((p) => p.parentId === null).map((p) => p.schemaId);
  const nested = parents.map((p) => p.parentId).filter((id): id is number => id !== null);
  const collect = (rows: { id: number; schema_id: number; parent_id: number | null; position: number }[]) => {
    for (const r of rows) ids.set(`${r.schema_id}:${r.parent_id}:${r.position}`, r.id);
  };
  const columns = ['id', 'schema_id', 'parent_id', 'position'] as const;
  await inChunks(topLevel, async (chunk) =>
    collect(
      await db
        .selectFrom('body_properties')
        .select(columns)
        .where('schema_id', 'in', chunk)
        .where('parent_id', 'is', null)
        .execute(),
    ),
  );
  await inChunks(nested, async (chunk) =>
    collect(await db.selectFrom('body_properties').select(columns).where('parent_id', 'in', chunk).execute()),
  );
  return ids;
}

/** The API's schemas with their property trees; all of them, or those named. */
export async function loadSchemas(
  db: Executor,
  apiMasterId: number,
  names?: string[],
): Promise<SchemaMaster[]> {
  if (names && names.length === 0) return [];
  let query = db.selectFrom('schemas').selectAll().where('api_master_id', '=', apiMasterId);
  if (names) query = query.where('name', 'in', names);
  const schemas = await query.orderBy('id').execute();
  if (schemas.length === 0) return [];
  const props = await db
    .selectFrom('body_properties')
    .selectAll()
    .where(
      'schema_id',
      'in',
      schemas.map((s) => s.id),
    )
    .orderBy('parent_id')
    .orderBy('position')
    .execute();

  const children = new Map<string, BodyProperty[]>();
  const nodes = new Map<number, BodyProperty>();
  for (const row of props) {
    const node: BodyProperty = {
      id: row.id,
      jsonKey: row.json_key,
      ...(JSON.parse(row.definition) as PropertyFields),
    };
    nodes.set(row.id, node);
    const key = `${row.schema_id}:${row.parent_id ?? ''}`;
    const list = children.get(key) ?? [];
    list.push(node);
    children.set(key, list);
  }
  for (const row of props) {
    const nested = children.get(`${row.schema_id}:${row.id}`);
    if (nested) (nodes.get(row.id) as BodyProperty).configProperties = nested;
  }
  return schemas.map((s) => ({
    id: s.id,
    schemaName: s.name,
    apiMasterId: s.api_master_id,
    ...(JSON.parse(s.definition) as SchemaFields),
    configProperties: children.get(`${s.id}:`) ?? [],
  }));
}

/**
 * Saves a schema's property tree, keeping the ids of properties that stay (mappings point at them):
 * a property with a known id is updated, one without is added, one no longer present is removed.
 */
export async function saveSchemaProperties(
  db: Executor,
  schemaId: number,
  props: BodyProperty[],
): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('body_properties').select('id').where('schema_id', '=', schemaId).execute()).map(
      (r) => r.id,
    ),
  );
  const kept = new Set<number>();
  const save = async (list: BodyProperty[], parentId: number | null) => {
    for (const [position, p] of list.entries()) {
      const values = {
        parent_id: parentId,
        position,
        json_key: p.jsonKey,
        definition: JSON.stringify(propertyFields(p)),
      };
      let id: number;
      if (p.id !== undefined && existing.has(p.id)) {
        id = p.id;
        await db.updateTable('body_properties').set(values).where('id', '=', id).execute();
      } else {
        id = (
          await db
            .insertInto('body_properties')
            .values({ schema_id: schemaId, ...values })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      kept.add(id);
      if (p.configProperties?.length) await save(p.configProperties, id);
    }
  };
  await save(props, null);
  const gone = [...existing].filter((id) => !kept.has(id));
  await inChunks(gone, (chunk) => db.deleteFrom('body_properties').where('id', 'in', chunk).execute());
}

/** The API's model: its named schemas as declared (DeclaredSchemas). */
export async function loadDeclaredSchemas(db: Executor, apiMasterId: number): Promise<DeclaredSchemas> {
  const row = await db
    .selectFrom('api_masters')
    .select('declared_schemas')
    .where('id', '=', apiMasterId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.declared_schemas) as DeclaredSchemas;
}

/**
 * Rewrites the API's model with `edit` (undefined: nothing to write). The write is made only if the
 * model is still the one read, and read again otherwise: two saves at once lose neither.
 */
export async function editDeclaredSchemas(
  db: Executor,
  apiMasterId: number,
  edit: (schemas: DeclaredSchemas) => DeclaredSchemas | undefined,
): Promise<void> {
  for (;;) {
    const row = await db
      .selectFrom('api_masters')
      .select('declared_schemas')
      .where('id', '=', apiMasterId)
      .executeTakeFirst();
    if (!row) return;
    const edited = edit(JSON.parse(row.declared_schemas) as DeclaredSchemas);
    if (edited === undefined) return;
    const result = await db
      .updateTable('api_masters')
      .set({ declared_schemas: JSON.stringify(edited) })
      .where('id', '=', apiMasterId)
      .where('declared_schemas', '=', row.declared_schemas)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return;
  }
}
