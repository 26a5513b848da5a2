import { COPILOT_TEST_DATA_ROWS, copilotMessages, schemaRef } from '@sandbox/contracts';
import type { NamedSchemas } from '@sandbox/engine/answer/requestModel';
import { ApiValidator, type ValueCheck } from '@sandbox/engine/answer/requestValidator';
import type { ApiModel } from '@sandbox/engine/model/apiModel';
import { selfContained } from '@sandbox/engine/model/namedSchemas';
import { type JsonSchema, nameOfRef } from '@sandbox/engine/model/toJsonSchema';
import { isJsonObject } from '@sandbox/engine/shared/jsonObjects';
import { PatternBudget, REQUEST_PATTERN_WORK } from '@sandbox/engine/shared/tenantPattern';
import { askWithOneRetry, type Chat, stripFences } from './chatCompletions.js';

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
 * Test data from the AI service: records of the named schema `schemaName`, shown the schema as one
 * self-contained JSON Schema, checked row by row; one retry with the problems found.
 */
export function remoteRows(
  chat: Chat,
  schemaName: string,
  named: NamedSchemas,
  endpoint: string,
): Promise<Row[]> {
  const schema = JSON.stringify(selfContained(named, schemaName, 'response'), null, 2);
  const check = new ApiValidator(named, 'response').compileValue({
    $ref: schemaRef(schemaName),
  });
  return askWithOneRetry(
    chat,
    [
      {
        role: 'system',
        content: 'You write realistic test data. Answer with one JSON array of objects and nothing else.',
      },
      {
        role: 'user',
        content: `Write ${COPILOT_TEST_DATA_ROWS} varied, realistic records of "${schemaName}" for ${endpoint}. Each must be valid against this JSON Schema:\n${schema}`,
      },
    ],
    (answer) => checkRows(answer, check),
    copilotMessages.aiDataInvalid,
  );
}
