import type { DeclaredOperation } from '@sandbox/contracts';

// The Params and Headers forms' descriptions are views of the declared operation's parameters.

export interface ParameterDescriptionEdit {
  name: string;
  /** `header` for a header row, anything else for a path, query or cookie parameter. */
  kind: 'parameter' | 'header';
  description: string | null | undefined;
}

/**
 * The declared operation with each edited description written to its parameter (found by name and
 * kind; header names are case-insensitive); everything else of the parameter stays as it was.
 */
export function applyParameterEdits(
  operation: DeclaredOperation,
  edits: ParameterDescriptionEdit[],
): DeclaredOperation {
  const edited = structuredClone(operation);
  for (const edit of edits) {
    const parameter = edited.parameters.find((p) =>
      edit.kind === 'header'
        ? p.in === 'header' && p.name.toLowerCase() === edit.name.toLowerCase()
        : p.in !== 'header' && p.name === edit.name,
    );
    if (!parameter) continue;
    if (edit.description) parameter.description = edit.description;
    else delete parameter.description;
  }
  return edited;
}
