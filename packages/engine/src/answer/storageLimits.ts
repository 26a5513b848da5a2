/** How much one API's collections may hold, whoever writes to them (SANDBOX_MAX_RECORDS, SANDBOX_MAX_BYTES). */
export interface StorageLimits {
  maxRecords: number;
  maxBytes: number;
}

/** What an API's records take: how many, and the bytes of their JSON text. */
export interface Usage {
  records: number;
  bytes: number;
}

const sizeText = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;

/** A write refused because the API would hold more than it may; nothing of it was written. */
export class StorageLimitReached extends Error {
  constructor(
    readonly limit: 'records' | 'bytes',
    readonly max: number,
  ) {
    super(
      limit === 'records'
        ? `This API already stores ${max} records, its limit: delete some before adding more`
        : `This API's records may take at most ${sizeText(max)} in all: delete some or send smaller ones`,
    );
  }
}

/**
 * The limit a change of `delta` would take `usage` past, if any. A change that shrinks what it
 * counts always passes, so records can still be deleted or made smaller under a lowered limit.
 */
export function limitBroken(
  usage: Usage,
  delta: Usage,
  limits: StorageLimits,
): StorageLimitReached | undefined {
  if (delta.records > 0 && usage.records + delta.records > limits.maxRecords)
    return new StorageLimitReached('records', limits.maxRecords);
  if (delta.bytes > 0 && usage.bytes + delta.bytes > limits.maxBytes)
    return new StorageLimitReached('bytes', limits.maxBytes);
  return undefined;
}

export function checkUsage(usage: Usage, delta: Usage, limits: StorageLimits): void {
  const broken = limitBroken(usage, delta, limits);
  if (broken) throw broken;
}
