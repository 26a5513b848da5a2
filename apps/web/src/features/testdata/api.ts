// The test-data calls of spec §7: template download, upload, and rows from the data generator.
import {
  TEST_DATA_FILE_NAME,
  TEST_DATA_MIME_TYPES,
  type TestDataSet,
  type TestDataTarget,
  testDataPaths,
} from '@sandbox/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { saveFile } from '../../lib/saveFile';

const rowsKey = (target: TestDataTarget, endpointId: number) => ['test-data', target, endpointId] as const;

/** spec §5: only text/csv or application/vnd.ms-excel files are accepted. */
export function isCsvFile(file: File): boolean {
  return (TEST_DATA_MIME_TYPES as readonly string[]).includes(file.type);
}

export const useTestRows = (target: TestDataTarget, endpointId: number) =>
  useQuery({
    queryKey: rowsKey(target, endpointId),
    queryFn: () => http<TestDataSet>(testDataPaths.rows(target, endpointId)),
    retry: false,
  });

export async function downloadTemplate(target: TestDataTarget, endpointId: number): Promise<void> {
  const csv = await http<string>(testDataPaths.template(target, endpointId));
  saveFile(TEST_DATA_FILE_NAME, csv, 'text/csv');
}

export function useUploadTestData(target: TestDataTarget, endpointId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, append }: { file: File; append: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return http<TestDataSet>(`${testDataPaths.upload(target, endpointId)}${append ? '?append=true' : ''}`, {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: (saved) => client.setQueryData(rowsKey(target, endpointId), saved),
  });
}

/** Asks the data generator for rows, then keeps them as the endpoint's test data. */
export function useGenerateTestData(target: TestDataTarget, endpointId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const rows = await http<Record<string, unknown>[]>(testDataPaths.generate(endpointId));
      return http<TestDataSet>(testDataPaths.upload(target, endpointId), { method: 'POST', body: rows });
    },
    onSuccess: (saved) => client.setQueryData(rowsKey(target, endpointId), saved),
  });
}

/** Replaces the stored rows with rows written as JSON (the same call the data generator's rows take). */
export function useSaveTestRows(target: TestDataTarget, endpointId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rows: Record<string, unknown>[]) =>
      http<TestDataSet>(testDataPaths.upload(target, endpointId), { method: 'POST', body: rows }),
    onSuccess: (saved) => client.setQueryData(rowsKey(target, endpointId), saved),
  });
}
