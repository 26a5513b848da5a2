import { type Behaviour, ZBehaviour } from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ApiBehaviours } from '../export/service.js';

/** A behaviour as kept (JSON text); null when none is, or when what is kept is no longer one. */
export function storedBehaviour(text: string | null): Behaviour | null {
  if (text === null) return null;
  const parsed = ZBehaviour.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

const toText = (behaviour: Behaviour | null) => (behaviour === null ? null : JSON.stringify(behaviour));
const now = () => new Date().toISOString();

/** The endpoint's own behaviour and its API's, for the endpoint's detail. */
export async function loadBehaviours(
  db: Kysely<Database>,
  endpointId: number,
): Promise<{ behaviour: Behaviour | null; apiBehaviour: Behaviour | null }> {
  const row = await db
    .selectFrom('endpoints')
    .innerJoin('api_masters', 'api_masters.id', 'endpoints.api_master_id')
    .select(['endpoints.behaviour as own', 'api_masters.behaviour as api'])
    .where('endpoints.id', '=', endpointId)
    .executeTakeFirst();
  return { behaviour: storedBehaviour(row?.own ?? null), apiBehaviour: storedBehaviour(row?.api ?? null) };
}

export function createBehaviourStore(db: Kysely<Database>) {
  return {
    /** The API, when it is the team's (and not still importing). */
    findApi(teamId: number, apiMasterId: number) {
      return db
        .selectFrom('api_masters')
        .select('id')
        .where('id', '=', apiMasterId)
        .where('team_id', '=', teamId)
        .where('importing_since', 'is', null)
        .executeTakeFirst();
    },

    /** The statuses the endpoint declares, as written (`404`, `5XX`, `default`); undefined when it is not the API's. */
    async declaredCodes(apiMasterId: number, endpointId: number): Promise<string[] | undefined> {
      const endpoint = await db
        .selectFrom('endpoints')
        .select('id')
        .where('id', '=', endpointId)
        .where('api_master_id', '=', apiMasterId)
        .executeTakeFirst();
      if (!endpoint) return undefined;
      const responses = await db
        .selectFrom('endpoint_responses')
        .select('code')
        .where('endpoint_id', '=', endpointId)
        .execute();
      return responses.map((r) => r.code);
    },

    async setApiBehaviour(apiMasterId: number, behaviour: Behaviour | null): Promise<void> {
      await db
        .updateTable('api_masters')
        .set({ behaviour: toText(behaviour), updated_at: now() })
        .where('id', '=', apiMasterId)
        .execute();
    },

    async setEndpointBehaviour(apiMasterId: number, endpointId: number, behaviour: Behaviour | null) {
      await db
        .updateTable('endpoints')
        .set({ behaviour: toText(behaviour) })
        .where('id', '=', endpointId)
        .execute();
      await db.updateTable('api_masters').set({ updated_at: now() }).where('id', '=', apiMasterId).execute();
    },
  };
}

export type BehaviourStore = ReturnType<typeof createBehaviourStore>;

/** The API's default and every endpoint's own, for its exported document. */
export async function loadApiBehaviours(db: Kysely<Database>, apiMasterId: number): Promise<ApiBehaviours> {
  const [api, endpoints] = await Promise.all([
    db.selectFrom('api_masters').select('behaviour').where('id', '=', apiMasterId).executeTakeFirst(),
    db
      .selectFrom('endpoints')
      .select(['method', 'path', 'behaviour'])
      .where('api_master_id', '=', apiMasterId)
      .where('behaviour', 'is not', null)
      .execute(),
  ]);
  return {
    api: storedBehaviour(api?.behaviour ?? null),
    endpoints: endpoints.map((e) => ({
      method: e.method,
      path: e.path,
      behaviour: storedBehaviour(e.behaviour),
    })),
  };
}
