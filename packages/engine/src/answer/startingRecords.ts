import { newRecordNumber, newRecordUuid } from './recordIds.js';
import {
  PAGE_BYTES,
  type PageRequest,
  type RecordPage,
  type RecordStore,
  type SandboxRecord,
} from './records.js';

// A collection's first records: the test data of its endpoints' responses (Mockoon's data bucket,
// json-server's db.json). Until the collection stores anything, they answer as its stored records
// would (listed a page at a time with their total, found by key); its first write stores them with it.

const hasKey = (row: SandboxRecord, field: string) =>
  row[field] !== undefined && row[field] !== null && row[field] !== '';

/** The starting records of one collection, in their order; those with a key found by it. */
export class StartingRecords implements Pick<RecordStore, 'listJson' | 'findJson'> {
  private readonly texts: string[];
  private readonly byKey = new Map<string, string>();

  /** `rows`: the test data, none empty; `field`: the field a record is found by. */
  private constructor(
    private readonly rows: SandboxRecord[],
    private readonly field: string,
  ) {
    this.texts = rows.map((row) => JSON.stringify(row));
    rows.forEach((row, i) => {
      const key = String(row[field]);
      if (hasKey(row, field) && !this.byKey.has(key)) this.byKey.set(key, this.texts[i]);
    });
  }

  static of(rows: SandboxRecord[], field: string): StartingRecords | undefined {
    return rows.length === 0 ? undefined : new StartingRecords(rows, field);
  }

  /**
   * Each record's key and JSON text, in their order: what the collection's first write stores. A row
   * without a key gets one, as a POST would (a number when the other rows' keys are numbers); a key
   * met again is left out.
   */
  entries(): [string, string][] {
    const numeric = this.rows.some((row) => typeof row[this.field] === 'number');
    const entries = new Map<string, string>();
    this.rows.forEach((row, i) => {
      if (hasKey(row, this.field)) {
        const key = String(row[this.field]);
        if (!entries.has(key)) entries.set(key, this.texts[i]);
        return;
      }
      const key = numeric ? newRecordNumber() : newRecordUuid();
      entries.set(String(key), JSON.stringify({ ...row, [this.field]: key }));
    });
    return [...entries];
  }

  async listJson(_apiMasterId: number, _collection: string, page: PageRequest): Promise<RecordPage> {
    const texts: string[] = [];
    let bytes = 0;
    for (const text of this.texts.slice(page.offset, page.offset + page.limit)) {
      bytes += Buffer.byteLength(text);
      if (texts.length > 0 && bytes > PAGE_BYTES) break;
      texts.push(text);
    }
    return { texts, total: this.texts.length };
  }

  async findJson(_apiMasterId: number, _collection: string, key: string): Promise<string | undefined> {
    return this.byKey.get(key);
  }
}
