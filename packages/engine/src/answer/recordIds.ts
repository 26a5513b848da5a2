import { randomFillSync } from 'node:crypto';

// Random bytes drawn in bulk: one call to the system's generator serves 256 ids.
const pool = Buffer.alloc(16 * 256);
let used = pool.length;

function random16(): Buffer {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 16;
  return pool.subarray(used - 16, used);
}

/**
 * A time-ordered UUID (version 7, RFC 9562) for a stored record: records created together get
 * neighbouring keys, so a burst of POSTs writes a few index pages rather than one page each.
 */
export function newRecordUuid(now = Date.now()): string {
  const bytes = random16();
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

let lastNumber = 0;

/** A numeric id no earlier record of this server got, even for two records made in one millisecond. */
export function newRecordNumber(): number {
  lastNumber = Math.max(Date.now(), lastNumber + 1);
  return lastNumber;
}
