import { describe, expect, it } from 'vitest';
import { hasImportExtension, IMPORT_FILE_ACCEPT, isImportUrl } from './importFile';

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

  it('takes http and https URLs only', () => {
    expect(isImportUrl('https://example.com/openapi')).toBe(true);
    expect(isImportUrl(' http://example.com/a.yaml ')).toBe(true);
    expect(isImportUrl('ftp://example.com/a.json')).toBe(false);
    expect(isImportUrl('example.com/a.json')).toBe(false);
  });
});
