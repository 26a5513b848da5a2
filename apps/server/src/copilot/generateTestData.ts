import { COPILOT_TEST_DATA_ROWS, copilotMessages, type DeclaredSchema } from '@sandbox/contracts';
import type { NamedSchemas } from '@sandbox/engine/answer/requestModel';
import { ApiValidator, type ValueCheck } from '@sandbox/engine/answer/requestValidator';
import type { ApiModel } from '@sandbox/engine/model/apiModel';
import { selfContained } from '@sandbox/engine/model/namedSchemas';
import { nameOfRef } from '@sandbox/engine/model/toJsonSchema';
import { isJsonObject } from '@sandbox/engine/shared/jsonObjects';
import { PatternBudget, REQUEST_PATTERN_WORK } from '@sandbox/engine/shared/tenantPattern';
import { askWithOneRetry, type Chat, stripFences } from './chatCompletions.js';

export type Row = Record<string, unknown>;

/**
 * Built-in test data: records of the schema `row` (a reference to a named schema, or inline),
 * generated from the API's model, each valid against it, with realistic values chosen by each
 * field's name and format (DESIGN §6) and none copied from the document's examples.
 */
export function generateRows(row: DeclaredSchema, model: ApiModel, count = COPILOT_TEST_DATA_ROWS): Row[] {
  const schema = model.answerSchema(row);
  return Array.from({ length: count }, () => model.generateFrom(schema, '', true) as Row);
}

/** Accepts a JSON array of objects, every one valid (by Ajv) against the row's schema. */
export function checkRows(answer: string, check: ValueCheck): { value: Row[] } | { problems: string[] } {
  let rows: unknown;
  try {
    rows = JSON.parse(stripFences(answer));
  } catch (error) {
    return { problems: [`The answer is not JSON: ${(error as Error).message}`] };
  }
  if (!Array.isArray(rows) || rows.length === 0)
    return { problems: ['The answer must be a non-empty JSON array of objects'] };
  const problems: string[] = [];
  const patterns = new PatternBudget(REQUEST_PATTERN_WORK);
  rows.forEach((value, i) => {
    if (!isJsonObject(value)) problems.push(`[${i}] must be an object`);
    else
      for (const p of check(value, patterns))
        problems.push(`[${i}]${p.location ? `.${p.location}` : ''} ${p.message}`);
  });
  if (problems.length > 0) return { problems: problems.slice(0, 20) };
  return { value: (rows as Row[]).slice(0, COPILOT_TEST_DATA_ROWS) };
}

/**
 * Test data from the AI service: records of the schema `row` (a reference to a named schema, or
 * inline), shown the schema as one self-contained JSON Schema, checked row by row; one retry with
 * the problems found.
 */
export function remoteRows(
  chat: Chat,
  row: Record<string, unknown>,
  named: NamedSchemas,
  endpoint: string,
): Promise<Row[]> {
  const schema = JSON.stringify(selfContained(named, row, 'response'), null, 2);
  const check = new ApiValidator(named, 'response').compileValue(row);
  const name = nameOfRef(row);
  const records = name === undefined ? 'records' : `records of "${name}"`;
  return askWithOneRetry(
    chat,
    [
      {
        role: 'system',
        content: 'You write realistic test data. Answer with one JSON array of objects and nothing else.',
      },
      {
        role: 'user',
        content: `Write ${COPILOT_TEST_DATA_ROWS} varied, realistic ${records} for ${endpoint}. Each must be valid against this JSON Schema:\n${schema}`,
      },
    ],
    (answer) => checkRows(answer, check),
    copilotMessages.aiDataInvalid,
  );
}
