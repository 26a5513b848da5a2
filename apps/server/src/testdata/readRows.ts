import { TEST_DATA_MAX_ROWS } from '@sandbox/contracts';
import type { ValueCheck } from '@sandbox/engine/answer/requestValidator';
import { coerceText, kindsOf, type Resolve } from '@sandbox/engine/model/parameterStyles';
import type { JsonSchema } from '@sandbox/engine/model/toJsonSchema';
import { PatternBudget, UPLOAD_PATTERN_WORK } from '@sandbox/engine/shared/tenantPattern';
import { Invalid } from '../http/errors.js';
import { CsvSyntaxError, parseCsv } from './csv.js';

export interface Columns {
  keys: string[];
  /** Each column's schema, from the API's model. */
  schemas: Record<string, JsonSchema>;
  resolve: Resolve;
  /** Checks a row's cells against their columns' schemas (by Ajv), each problem named by column. */
  check: ValueCheck;
}

/** A cell is text: numbers, booleans and JSON (objects, arrays) become values of the column's type. */
function cellValue(
  raw: string,
  schema: JsonSchema,
  resolve: Resolve,
): { value: unknown } | { message: string } {
  const { types } = kindsOf(schema, resolve);
  if (types.has('object') || types.has('array')) {
    try {
      return { value: JSON.parse(raw) };
    } catch {
      return { message: `"${raw}" is not JSON` };
    }
  }
  if (types.size === 1 && types.has('null')) return { value: null };
  return { value: coerceText(raw, schema, resolve) };
}

/**
 * Turns an uploaded CSV into rows of the schema, all or nothing: the header must name exactly the
 * schema's keys, and every bad cell is reported by row and column.
 */
export function readCsvRows(text: string, columns: Columns): Record<string, unknown>[] {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new Invalid('The file is not valid CSV', error.message);
    throw error;
  }
  const [header, ...body] = table;
  if (!header) throw new Invalid('The file is empty', `Expected a header row: ${columns.keys.join(',')}`);
  const names = header.map((h) => h.trim());
  const missing = columns.keys.filter((k) => !names.includes(k));
  const unexpected = names.filter((n) => !columns.keys.includes(n));
  if (missing.length || unexpected.length) {
    const parts = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      unexpected.length ? `unexpected ${unexpected.join(', ')}` : '',
    ].filter(Boolean);
    throw new Invalid(
      'The header row does not match the schema',
      `Header: ${parts.join('; ')}. Expected: ${columns.keys.join(',')}`,
    );
  }
  if (body.length > TEST_DATA_MAX_ROWS)
    throw new Invalid(`At most ${TEST_DATA_MAX_ROWS} rows can be uploaded`);

  const problems: string[] = [];
  const rows = body.map((cells, i) => {
    const rowNumber = i + 2;
    if (cells.length !== names.length) {
      problems.push(`Row ${rowNumber}: ${cells.length} cells, expected ${names.length}`);
      return {};
    }
    const row: Record<string, unknown> = {};
    names.forEach((name, c) => {
      if (cells[c] === '') return;
      const value = cellValue(cells[c], columns.schemas[name] ?? true, columns.resolve);
      if ('message' in value) problems.push(`Row ${rowNumber}, column ${name}: ${value.message}`);
      else row[name] = value.value;
    });
    return row;
  });
  const patterns = new PatternBudget(UPLOAD_PATTERN_WORK);
  for (const [i, row] of rows.entries()) problems.push(...rowProblems(row, columns, i + 2, patterns, true));
  if (problems.length) throw new Invalid(problems[0], problems.slice(0, 20).join('\n'));
  return rows;
}

/**
 * Problems of one row against the schema's constraints (types, lengths, enums, patterns), named by
 * row and column. The rows of one upload share one pattern budget.
 */
export function rowProblems(
  row: Record<string, unknown>,
  columns: Columns,
  rowNumber: number,
  patterns: PatternBudget,
  fromText = false,
): string[] {
  return columns
    .check(row, patterns, fromText)
    .map((p) => `Row ${rowNumber}, column ${p.location}: ${p.message}`);
}
