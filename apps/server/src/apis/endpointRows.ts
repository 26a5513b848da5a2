import type { HeaderConfig, ParameterConfig, ResponseConfig } from '@sandbox/contracts';
import type { Selectable } from 'kysely';
import type { EndpointParametersTable, EndpointResponsesTable } from '../db/schema.js';

// Maps parameter and response rows to the spec's wire names and back.

type ParameterSpec = Omit<
  ParameterConfig,
  'id' | 'keyName' | 'parameterType' | 'description' | 'isRequired' | 'configParameterId'
>;

/** Everything about a parameter but its identity and editable fields: type and constraints, as JSON. */
export function parameterSpec(p: ParameterConfig | HeaderConfig): string {
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

export function toParameter(row: Selectable<EndpointParametersTable>): ParameterConfig {
  return {
    id: row.id,
    keyName: row.name,
    parameterType: row.location === 'path' ? 'path' : 'query',
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
