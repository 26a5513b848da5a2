import type { HeaderConfig, ParameterConfig, ResponseConfig } from '@sandbox/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { EndpointParametersTable, EndpointResponsesTable } from '../db/schema.js';

// Maps parameter and response rows to the spec's wire names and back.

type ParameterSpec = Omit<
  ParameterConfig,
  'id' | 'keyName' | 'parameterType' | 'description' | 'isRequired' | 'configParameterId'
>;

/** Everything about a parameter but its identity and editable fields: type and constraints, as JSON. */
function parameterSpec(p: ParameterConfig | HeaderConfig): string {
  const {
    id: _id,
    parameterType: _type,
    description: _description,
    isRequired: _required,
    ...spec
  } = p as ParameterConfig & HeaderConfig;
  const { keyName: _k, headerKey: _h, configParameterId: _c, ...rest } = spec;
  return JSON.stringify(rest);
}

/** An endpoint's parameter rows: its path, query and cookie parameters, then its headers, in that order. */
export function parameterRows(
  endpointId: number,
  parameters: readonly ParameterConfig[],
  headers: readonly HeaderConfig[],
): Insertable<EndpointParametersTable>[] {
  return [
    ...parameters.map((p) => ({ location: p.parameterType, name: p.keyName, link: p.configParameterId, p })),
    ...headers.map((p) => ({ location: 'header' as const, name: p.headerKey, link: undefined, p })),
  ].map(({ location, name, link, p }, position) => ({
    endpoint_id: endpointId,
    position,
    location,
    name,
    parameter_type: p.parameterType,
    description: p.description,
    is_required: p.isRequired ? 1 : 0,
    spec: parameterSpec(p),
    config_parameter_id: link ?? null,
  }));
}

export function toParameter(row: Selectable<EndpointParametersTable>): ParameterConfig {
  return {
    id: row.id,
    keyName: row.name,
    parameterType: row.location === 'path' || row.location === 'cookie' ? row.location : 'query',
    description: row.description,
    isRequired: Boolean(row.is_required),
    configParameterId: row.config_parameter_id,
    ...(JSON.parse(row.spec) as ParameterSpec),
  };
}

export function toHeader(row: Selectable<EndpointParametersTable>): HeaderConfig {
  return {
    id: row.id,
    headerKey: row.name,
    parameterType: row.parameter_type,
    description: row.description,
    isRequired: Boolean(row.is_required),
    ...(JSON.parse(row.spec) as Omit<
      HeaderConfig,
      'id' | 'headerKey' | 'parameterType' | 'description' | 'isRequired'
    >),
  };
}

export function toResponse(row: Selectable<EndpointResponsesTable>): ResponseConfig {
  return {
    id: row.id,
    responseCode: row.code,
    responseDescription: row.description,
    responseSchemaName: row.schema_name,
    contentType: row.content_type,
    ...(row.example === null ? {} : { example: JSON.parse(row.example) }),
  };
}
