import { readFile } from 'node:fs/promises';
import type { Mock, RecordStore } from '@sandbox/engine';

// --data records.json: the records a stateful mock starts from, `{ "/pets": [{ "id": 1, … }] }`, each
// list under the path of its collection (`pets` is taken for `/pets`).

export async function loadStartingData(path: string, mock: Mock, records: RecordStore): Promise<void> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the records in ${path}: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error(`${path} must hold an object of lists: { "/pets": [ … ] }`);
  const { api } = mock;
  for (const [name, list] of Object.entries(data)) {
    const collection = name.startsWith('/') ? name : `/${name}`;
    const field = api.idFields.get(collection);
    if (field === undefined)
      throw new Error(
        `${path}: no collection ${collection} in the document (${[...api.idFields.keys()].join(', ')})`,
      );
    if (!Array.isArray(list)) throw new Error(`${path}: ${name} must be a list of records`);
    const entries = list.map((record, at): [string, string] => {
      const key = (record as Record<string, unknown>)?.[field];
      if (key === undefined) throw new Error(`${path}: record ${at} of ${name} has no ${field}`);
      return [String(key), JSON.stringify(record)];
    });
    await records.seed(api.id, collection, entries);
  }
}
