import { describe, expect, it } from 'vitest';
import { hasImportExtension, IMPORT_FILE_ACCEPT } from './importFile';

describe('import file', () => {
  it('accepts JSON and YAML documents whatever the case', () => {
    expect(hasImportExtension('petstore.json')).toBe(true);
    expect(hasImportExtension('petstore.YAML')).toBe(true);
    expect(hasImportExtension('a.b.yml')).toBe(true);
  });

  it('refuses other files', () => {
    expect(hasImportExtension('petstore.csv')).toBe(false);
    expect(hasImportExtension('json')).toBe(false);
    expect(hasImportExtension('petstore.json.exe')).toBe(false);
  });

  it('tells the file chooser what to offer', () => {
    expect(IMPORT_FILE_ACCEPT).toBe('.json,.yaml,.yml');
  });
});
