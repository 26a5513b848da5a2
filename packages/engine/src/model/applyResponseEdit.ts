import { type DeclaredOperation, type DeclaredResponse, schemaRef } from '@sandbox/contracts';

// The Responses panel's code, description and schema are views of the declared operation's responses.

/** What a save of a response changes; absent fields stay as they are. */
export interface ResponseEdit {
  /** The response's code before the save: its key in the operation. */
  code: string;
  newCode?: string;
  description?: string;
  /** The named schema its body is, or null for none; in `contentType` (JSON when unnamed). */
  schemaName?: string | null;
  contentType?: string | null;
}

/**
 * The declared operation with one response added (a new code) or edited in place: its key renamed
 * where it stands, its description and the schema of its body written; its headers, examples, links
 * and extensions stay as written.
 */
export function applyResponseEdit(operation: DeclaredOperation, edit: ResponseEdit): DeclaredOperation {
  const edited = structuredClone(operation);
  const key = Object.keys(edited.responses).find((k) => k.toUpperCase() === edit.code.toUpperCase());
  const response: DeclaredResponse = key === undefined ? { description: '' } : edited.responses[key];
  if (edit.description !== undefined) response.description = edit.description;
  if (edit.schemaName !== undefined)
    writeSchema(response, edit.schemaName, edit.contentType ?? 'application/json');
  const newKey = edit.newCode ?? key ?? edit.code;
  // fromEntries keeps the responses' order, the renamed one where it stood
  const entries = Object.entries(edited.responses).filter(([k]) => k !== key);
  const at = key === undefined ? entries.length : Object.keys(edited.responses).indexOf(key);
  entries.splice(at, 0, [newKey, response]);
  edited.responses = Object.fromEntries(entries);
  return edited;
}

function writeSchema(response: DeclaredResponse, schemaName: string | null, contentType: string): void {
  if (schemaName === null) {
    const media = response.content?.[contentType];
    if (media) delete media.schema;
    return;
  }
  response.content ??= {};
  response.content[contentType] ??= {};
  response.content[contentType].schema = { $ref: schemaRef(schemaName) };
}
