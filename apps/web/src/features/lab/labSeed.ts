// A request another screen hands the Lab to start from (the Requests screen's "Open in API Lab"),
// carried in the router's location state; read back through its schema, since history state outlives
// the code that wrote it.
import { z } from 'zod';

const ZPairs = z.array(z.tuple([z.string(), z.string()]));

export const ZLabSeed = z.object({
  apiMasterId: z.number().int(),
  /** The endpoint the request matched, or null when it matched none. */
  endpointId: z.number().int().nullable(),
  method: z.string(),
  /** Without its query: the query travels as `query`, one Query Params row each. */
  url: z.string(),
  query: ZPairs,
  headers: ZPairs,
  body: z.string(),
});
export type LabSeed = z.infer<typeof ZLabSeed>;

/** The location state that opens the Lab with `seed` filled in: `navigate('/api-lab', { state })`. */
export const labSeedState = (seed: LabSeed) => ({ labSeed: seed });

export function labSeedFrom(state: unknown): LabSeed | null {
  const parsed = z.object({ labSeed: ZLabSeed }).safeParse(state);
  return parsed.success ? parsed.data.labSeed : null;
}
