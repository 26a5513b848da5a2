import { designMessages } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { readSchemaRename } from './schemaRename';

describe('a schema name typed to rename a schema', () => {
  it('gives the new name, trimmed', () => {
    expect(readSchemaRename('  Cat ', 'Pet')).toEqual({ kind: 'renamed', schemaName: 'Cat' });
  });

  it('refuses an empty or malformed name with the message a new schema gets', () => {
    expect(readSchemaRename('  ', 'Pet')).toEqual({
      kind: 'refused',
      message: designMessages.schemaNameRequired,
    });
    expect(readSchemaRename('Pet shop', 'Pet')).toEqual({
      kind: 'refused',
      message: designMessages.schemaNameMalformed,
    });
  });

  it('sees the same name as no change', () => {
    expect(readSchemaRename(' Pet', 'Pet')).toEqual({ kind: 'unchanged' });
  });
});
