import { type EndpointDetail, schemaRef, type TestDataSet, type TestDataTarget } from '@sandbox/contracts';
import type { NamedSchemas } from '@sandbox/engine/answer/requestModel';
import { ApiValidator } from '@sandbox/engine/answer/requestValidator';
import { namedSchemas, recordSchemaName } from '@sandbox/engine/model/namedSchemas';
import { kindsOf } from '@sandbox/engine/model/parameterStyles';
import { PatternBudget, UPLOAD_PATTERN_WORK } from '@sandbox/engine/shared/tenantPattern';
import type { ApisService } from '../apis/service.js';
import type { User } from '../auth/service.js';
import { teamOf } from '../auth/service.js';
import { Invalid, NotFound } from '../http/errors.js';
import { toCsv } from './csv.js';
import { type Columns, readCsvRows, rowProblems } from './readRows.js';
import type { TestDataStore } from './store.js';

interface TestDataDeps {
  store: TestDataStore;
  apis: ApisService;
  /** Told when rows change, so the sandbox answers with them from the next request. */
  onChange: (apiMasterId: number) => void;
}

/** The schema a target's rows follow: the request body's, or the first success response's. */
function schemaNameFor(detail: EndpointDetail, target: TestDataTarget): string | null {
  if (target === 'request') return detail.requestConfigList[0]?.schemaName ?? null;
  const withSchema = detail.responseConfigList.filter((r) => r.responseSchemaName);
  const success = withSchema.find((r) => r.responseCode.startsWith('2')) ?? withSchema[0];
  return success?.responseSchemaName ?? null;
}

/**
 * The columns of a target's rows: the record schema's fields as the catalog lists them (the CSV's
 * header), each checked against its schema in the API's model.
 */
function columnsOf(detail: EndpointDetail, target: TestDataTarget, named: NamedSchemas): Columns {
  const name = schemaNameFor(detail, target);
  // a list response's rows are its items
  const recordName = name ? recordSchemaName(named, name) : undefined;
  const master = detail.schemaMasterList.find((s) => s.schemaName === recordName);
  if (!recordName || !master?.configProperties.length) {
    throw new Invalid(`This endpoint has no ${target} body with fields to fill`);
  }
  const keys = master.configProperties.map((p) => p.jsonKey);
  const validator = new ApiValidator(named, target);
  const { properties } = kindsOf({ $ref: schemaRef(recordName) }, validator.resolve);
  const schemas = Object.fromEntries(keys.map((key) => [key, properties[key] ?? true]));
  // cells may be left empty: a row is its columns' values, none of them required
  const check = validator.compileValue({ type: 'object', properties: schemas });
  return { keys, schemas, resolve: validator.resolve, check };
}

export function createTestDataService({ store, apis, onChange }: TestDataDeps) {
  async function endpointOf(user: User, endpointId: number) {
    const endpoint = await store.findEndpoint(endpointId);
    if (!endpoint || endpoint.team_id !== teamOf(user)) throw new NotFound('Endpoint not found');
    const detail = await apis.endpointDetail(user, endpoint.api_master_id, endpointId);
    const declared = await store.declaredSchemas(endpoint.api_master_id);
    return { endpoint, detail, named: namedSchemas(declared, detail.schemaMasterList) };
  }

  return {
    async template(user: User, target: TestDataTarget, endpointId: number): Promise<string> {
      const { detail, named } = await endpointOf(user, endpointId);
      const columns = columnsOf(detail, target, named);
      const rows = await store.rows(endpointId, target);
      return toCsv(
        columns.keys,
        rows.map((row) => columns.keys.map((k) => row[k])),
      );
    },

    async rows(user: User, target: TestDataTarget, endpointId: number): Promise<TestDataSet> {
      const { detail, named } = await endpointOf(user, endpointId);
      return {
        endpointId,
        target,
        columns: columnsOf(detail, target, named).keys,
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
      const { endpoint, detail, named } = await endpointOf(user, endpointId);
      const columns = columnsOf(detail, target, named);
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
