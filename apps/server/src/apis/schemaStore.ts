import type { BodyProperty, SchemaMaster } from '@sandbox/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

// Named schemas and their body-property trees. A schema row keeps its own fields as JSON; each
// property is a row (so the Mapping tab can point at it by id) with its fields as JSON too.

type Executor = Kysely<Database> | Transaction<Database>;
type SchemaFields = Omit<SchemaMaster, 'id' | 'schemaName' | 'apiMasterId' | 'configProperties'>;
type PropertyFields = Omit<BodyProperty, 'id' | 'jsonKey' | 'configProperties'>;

const CHUNK = 300;

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

/** Inserts properties level by level: leaves in batches, parents one by one to learn their ids. */
async function insertProperties(
  db: Executor,
  schemaId: number,
  parentId: number | null,
  props: BodyProperty[],
) {
  const leaves = props.map((p, position) => ({ p, position })).filter(({ p }) => !p.configProperties?.length);
  for (let i = 0; i < leaves.length; i += CHUNK) {
    await db
      .insertInto('body_properties')
      .values(
        leaves.slice(i, i + CHUNK).map(({ p, position }) => ({
          schema_id: schemaId,
          parent_id: parentId,
          position,
          json_key: p.jsonKey,
          definition: JSON.stringify(propertyFields(p)),
        })),
      )
      .execute();
  }
  for (const [position, p] of props.entries()) {
    if (!p.configProperties?.length) continue;
    const row = await db
      .insertInto('body_properties')
      .values({
        schema_id: schemaId,
        parent_id: parentId,
        position,
        json_key: p.jsonKey,
        definition: JSON.stringify(propertyFields(p)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertProperties(db, schemaId, row.id, p.configProperties);
  }
}

export async function insertSchemas(
  db: Executor,
  apiMasterId: number,
  schemas: SchemaMaster[],
): Promise<void> {
  for (const schema of schemas) {
    const row = await db
      .insertInto('schemas')
      .values({
        api_master_id: apiMasterId,
        name: schema.schemaName,
        definition: JSON.stringify(schemaFields(schema)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertProperties(db, row.id, null, schema.configProperties);
  }
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
  for (let i = 0; i < gone.length; i += CHUNK) {
    await db
      .deleteFrom('body_properties')
      .where('id', 'in', gone.slice(i, i + CHUNK))
      .execute();
  }
}
