// Reading the JSON the sandbox answers from: documents' schemas and examples, clients' bodies.

/** A JSON object: not null, not an array. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
