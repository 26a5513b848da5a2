import type { DeclaredOperation } from '@sandbox/contracts';

/**
 * Where a path parameter says which field of its collection's records it finds one by (the Params
 * form's mapping, `/pets/{petId}` → `id`): on the declared parameter, naming the record's property.
 * The sandbox reads it; an exported document carries it, and importing that document brings it back.
 */
export const RECORD_FIELD_EXTENSION = 'x-sandbox-record-field';

/** The record field the operation's path parameter `name` is mapped to, if it is. */
export function recordFieldOf(operation: DeclaredOperation, name: string): string | undefined {
  const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
  const field = parameter?.[RECORD_FIELD_EXTENSION];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/** The operation with its path parameter `name` mapped to `field` (null: to none). */
export function writeRecordField(
  operation: DeclaredOperation,
  name: string,
  field: string | null,
): DeclaredOperation {
  const edited = structuredClone(operation);
  const parameter = edited.parameters.find((p) => p.in === 'path' && p.name === name);
  if (!parameter) return edited;
  if (field) parameter[RECORD_FIELD_EXTENSION] = field;
  else delete parameter[RECORD_FIELD_EXTENSION];
  return edited;
}
