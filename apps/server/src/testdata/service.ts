import type { DeclaredOperation, TestDataSet, TestDataTarget } from '@sandbox/contracts';
import type { NamedSchemas } from '@sandbox/engine/answer/requestModel';
import { ApiValidator } from '@sandbox/engine/answer/requestValidator';
import {
  requestBodySchemaOf,
  responseBodySchemaOf,
  successBodySchemasOf,
} from '@sandbox/engine/model/bodySchemas';
import { namedSchemas, recordSchemaOf } from '@sandbox/engine/model/namedSchemas';
import { kindsOf } from '@sandbox/engine/model/parameterStyles';
import { toJsonSchema } from '@sandbox/engine/model/toJsonSchema';
import { PatternBudget, UPLOAD_PATTERN_WORK } from '@sandbox/engine/shared/tenantPattern';
import type { User } from '../auth/service.js';
import { teamOf } from '../auth/service.js';
import { Invalid, NotFound } from '../http/errors.js';
import { toCsv } from './csv.js';
import { type Columns, readCsvRows, rowProblems } from './readRows.js';
import type { TestDataStore } from './store.js';

interface TestDataDeps {
  store: TestDataStore;
  /** Told when rows change, so the sandbox answers with them from the next request. */
  onChange: (apiMasterId: number) => void;
}

/**
 * The body schema a target's rows follow, as the endpoint's operation declares it: the request
 * body's, or the first success response's (else the first response's with a body).
 */
function bodySchemaFor(operation: DeclaredOperation, target: TestDataTarget) {
  if (target === 'request') return requestBodySchemaOf(operation);
  const answered = Object.values(operation.responses).map(responseBodySchemaOf);
  return successBodySchemasOf(operation)[0] ?? answered.find((schema) => schema !== undefined);
}

/**
 * The columns of a target's rows: the record schema's fields (the CSV's header), each checked
 * against its schema in the API's model.
 */
function columnsOf(operation: DeclaredOperation, target: TestDataTarget, named: NamedSchemas): Columns {
  const body = bodySchemaFor(operation, target);
  // a list's rows are its items
  const record = body === undefined ? undefined : recordSchemaOf(named, body);
  const validator = new ApiValidator(named, target);
  const properties = record ? kindsOf(toJsonSchema(record, target), validator.resolve).properties : {};
  const keys = Object.keys(properties);
  if (keys.length === 0) throw new Invalid(`This endpoint has no ${target} body with fields to fill`);
  // cells may be left empty: a row is its columns' values, none of them required
  const check = validator.compileValue({ type: 'object', properties });
  return { keys, schemas: properties, resolve: validator.resolve, check };
}

export function createTestDataService({ store, onChange }: TestDataDeps) {
  async function endpointOf(user: User, endpointId: number) {
    const endpoint = await store.findEndpoint(endpointId);
    if (!endpoint || endpoint.team_id !== teamOf(user)) throw new NotFound('Endpoint not found');
    const named = namedSchemas(await store.declaredSchemas(endpoint.api_master_id));
    return { endpoint, named };
  }

  return {
    async template(user: User, target: TestDataTarget, endpointId: number): Promise<string> {
      const { endpoint, named } = await endpointOf(user, endpointId);
      const columns = columnsOf(endpoint.operation, target, named);
      const rows = await store.rows(endpointId, target);
      return toCsv(
        columns.keys,
        rows.map((row) => columns.keys.map((k) => row[k])),
      );
    },

    async rows(user: User, target: TestDataTarget, endpointId: number): Promise<TestDataSet> {
      const { endpoint, named } = await endpointOf(user, endpointId);
      return {
        endpointId,
        target,
        columns: columnsOf(endpoint.operation, target, named).keys,
        rows: await store.rows(endpointId, target),
      };
    },

    /** Replaces (or appends to) the rows, all or nothing. Accepts CSV text or rows already made. */
    async upload(
      user: User,
      target: TestDataTarget,
      endpointId: number,
      input: { csv: string } | { rows: Record<string, unknown>[] },
      append: boolean,
    ): Promise<TestDataSet> {
      const { endpoint, named } = await endpointOf(user, endpointId);
      const columns = columnsOf(endpoint.operation, target, named);
      let rows: Record<string, unknown>[];
      if ('csv' in input) {
        rows = readCsvRows(input.csv, columns);
      } else {
        rows = input.rows.map((row) =>
          Object.fromEntries(columns.keys.filter((k) => k in row).map((k) => [k, row[k]])),
        );
        const patterns = new PatternBudget(UPLOAD_PATTERN_WORK);
        const problems = rows.flatMap((row, i) => rowProblems(row, columns, i + 1, patterns));
        if (problems.length) throw new Invalid(problems[0], problems.slice(0, 20).join('\n'));
      }
      const saved = append ? [...(await store.rows(endpointId, target)), ...rows] : rows;
      await store.save(endpointId, target, saved);
      onChange(endpoint.api_master_id);
      return { endpointId, target, columns: columns.keys, rows: saved };
    },
  };
}

export type TestDataService = ReturnType<typeof createTestDataService>;
