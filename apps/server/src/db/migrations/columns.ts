import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../connection.js';

/** An auto-incrementing integer primary key named `id`, in each dialect's own idiom. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
