// spec §7 test data: CSV template, upload, AI generation; `target` follows the Request/Response top tab.

export type TestDataTarget = 'request' | 'response';

/** spec §7: the request side when the flag is 0. */
export const testDataTarget = (flag: 0 | 1): TestDataTarget => (flag === 0 ? 'request' : 'response');

export const testDataPaths = {
  template: (target: TestDataTarget, endpointId: number | string) =>
    `/api/api-${target}/${endpointId}/test-sample-download`,
  upload: (target: TestDataTarget, endpointId: number | string) =>
    `/api/api-${target}/${endpointId}/test-data-upload/`,
  rows: (target: TestDataTarget, endpointId: number | string) => `/api/api-${target}/${endpointId}/test-data`,
  generate: (endpointId: number | string) => `/api/api-request/0/generateDataUsingCopilot/${endpointId}/0`,
} as const;

export const TEST_DATA_FILE_NAME = 'test.csv';
export const TEST_DATA_MIME_TYPES = ['text/csv', 'application/vnd.ms-excel'] as const;
export const TEST_DATA_MAX_ROWS = 5000;
export const TEST_DATA_MAX_BYTES = 5 * 1024 * 1024;

export interface TestDataSet {
  endpointId: number;
  target: TestDataTarget;
  columns: string[];
  rows: Record<string, unknown>[];
}

export const testDataMessages = {
  uploaded: 'File uploaded successfully.',
  rowsSaved: 'Rows saved.',
  downloaded: 'File download successfully.',
  generated: 'Data generated successfully!',
  generateFailed: 'Failed to generate data. Try again.',
  invalidFormat: 'Invalid file format',
  fileRequired: 'File is required',
  failed: 'Sorry, something went wrong.',
} as const;
