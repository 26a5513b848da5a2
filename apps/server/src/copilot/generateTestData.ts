import { COPILOT_TEST_DATA_ROWS, copilotMessages } from '@sandbox/contracts';
import { generateValue } from '../sandbox/generateValue.js';
import { PatternBudget, REQUEST_PATTERN_WORK } from '../sandbox/tenantPattern.js';
import { type Problem, validateValue } from '../sandbox/validateValue.js';
import { askWithOneRetry, type Chat, stripFences } from './chatCompletions.js';
import { type RowShape, toJsonSchema, withoutExamples } from './rowShape.js';

export type Row = Record<string, unknown>;

/** Built-in test data: realistic values chosen by each field's name and format (DESIGN §6). */
export function generateRows(row: RowShape, count = COPILOT_TEST_DATA_ROWS): Row[] {
  const { shape, schemas } = withoutExamples(row);
  return Array.from({ length: count }, () => generateValue(shape, '', schemas) as Row);
}

/** Accepts a JSON array of objects, every one valid against the row's schema. */
export function checkRows(answer: string, row: RowShape): { value: Row[] } | { problems: string[] } {
  let rows: unknown;
  try {
    rows = JSON.parse(stripFences(answer));
  } catch (error) {
    return { problems: [`The answer is not JSON: ${(error as Error).message}`] };
  }
  if (!Array.isArray(rows) || rows.length === 0)
    return { problems: ['The answer must be a non-empty JSON array of objects'] };
  const problems: Problem[] = [];
  const validation = { schemas: row.schemas, problems, patterns: new PatternBudget(REQUEST_PATTERN_WORK) };
  rows.forEach((value, i) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      problems.push({ location: `[${i}]`, message: 'must be an object' });
    else validateValue(value, row.shape, `[${i}]`, validation);
  });
  if (problems.length > 0)
    return { problems: problems.slice(0, 20).map((p) => `${p.location} ${p.message}`) };
  return { value: (rows as Row[]).slice(0, COPILOT_TEST_DATA_ROWS) };
}

/** Test data from the AI service, checked row by row; one retry with the problems found. */
export function remoteRows(chat: Chat, row: RowShape, endpoint: string): Promise<Row[]> {
  const schema = JSON.stringify(toJsonSchema(row.shape, row.schemas), null, 2);
  return askWithOneRetry(
    chat,
    [
      {
        role: 'system',
        content: 'You write realistic test data. Answer with one JSON array of objects and nothing else.',
      },
      {
        role: 'user',
        content: `Write ${COPILOT_TEST_DATA_ROWS} varied, realistic records of "${row.schemaName}" for ${endpoint}. Each must be valid against this JSON Schema:\n${schema}`,
      },
    ],
    (answer) => checkRows(answer, row),
    copilotMessages.aiDataInvalid,
  );
}
