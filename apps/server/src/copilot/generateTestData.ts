import { COPILOT_TEST_DATA_ROWS, copilotMessages } from '@sandbox/contracts';
import type { ApiModel } from '../model/apiModel.js';
import { type JsonSchema, nameOfRef } from '../model/toJsonSchema.js';
import { isJsonObject } from '../sandbox/jsonObjects.js';
import { PatternBudget, REQUEST_PATTERN_WORK } from '../sandbox/tenantPattern.js';
import { type Problem, validateValue } from '../sandbox/validateValue.js';
import { askWithOneRetry, type Chat, stripFences } from './chatCompletions.js';
import { type RowShape, toJsonSchema } from './rowShape.js';

export type Row = Record<string, unknown>;

/**
 * Built-in test data: records of the named schema `schemaName` (an item of it, when it is a list),
 * generated from the API's model, each valid against it, with realistic values chosen by each
 * field's name and format (DESIGN §6) and none copied from the document's examples.
 */
export function generateRows(schemaName: string, model: ApiModel, count = COPILOT_TEST_DATA_ROWS): Row[] {
  let schema = model.resolve(schemaName);
  for (let depth = 0; depth < 4 && isJsonObject(schema); depth++) {
    const named = nameOfRef(schema);
    if (named !== undefined) schema = model.resolve(named);
    else if (schema.type === 'array' && schema.items !== undefined) schema = schema.items as JsonSchema;
    else break;
  }
  const row = schema ?? true;
  return Array.from({ length: count }, () => model.generateFrom(row, '', true) as Row);
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
