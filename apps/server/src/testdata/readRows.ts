import { TEST_DATA_MAX_ROWS } from '@sandbox/contracts';
import { Invalid } from '../http/errors.js';
import type { Schemas, Shape } from '../sandbox/shapes.js';
import { PatternBudget, UPLOAD_PATTERN_WORK } from '../sandbox/tenantPattern.js';
import { coerceParameter, type Problem, validateValue } from '../sandbox/validateValue.js';
import { CsvSyntaxError, parseCsv } from './csv.js';

export interface Columns {
  keys: string[];
  shapes: Map<string, Shape>;
  schemas: Schemas;
}

/** A cell is text: numbers, booleans and JSON (objects, arrays) become values of the column's type. */
function cellValue(raw: string, shape: Shape): { value: unknown } | { message: string } {
  if (shape.type === 'object' || shape.type === 'array' || shape.ref) {
    try {
      return { value: JSON.parse(raw) };
    } catch {
      return { message: `"${raw}" is not JSON` };
    }
  }
  if (shape.type === 'null') return { value: null };
  return coerceParameter(raw, shape);
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
      const shape = columns.shapes.get(name) as Shape;
      const value = cellValue(cells[c], shape);
      if ('message' in value) problems.push(`Row ${rowNumber}, column ${name}: ${value.message}`);
      else row[name] = value.value;
    });
    return row;
  });
  const patterns = new PatternBudget(UPLOAD_PATTERN_WORK);
  for (const [i, row] of rows.entries()) problems.push(...rowProblems(row, columns, i + 2, patterns));
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
): string[] {
  const found: Problem[] = [];
  const validation = { schemas: columns.schemas, problems: found, patterns };
  for (const key of columns.keys) {
    if (row[key] !== undefined) validateValue(row[key], columns.shapes.get(key) as Shape, key, validation);
  }
  return found.map((p) => `Row ${rowNumber}, column ${p.location}: ${p.message}`);
}
