import { randomBytes } from 'node:crypto';

const hex = (bytes: Buffer) => bytes.toString('hex');

/**
 * A time-ordered UUID (version 7, RFC 9562) for a stored record: records created together get
 * neighbouring keys, so a burst of POSTs writes a few index pages rather than one page each.
 */
export function newRecordUuid(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

let lastNumber = 0;

/** A numeric id no earlier record of this server got, even for two records made in one millisecond. */
export function newRecordNumber(): number {
  lastNumber = Math.max(Date.now(), lastNumber + 1);
  return lastNumber;
}
