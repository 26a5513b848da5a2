// The calls of API Copilot (spec §7): generate a document, import it as a new API.
import { type ApiMaster, apisPaths, type CopilotRequest, copilotPaths } from '@sandbox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** spec §7: the document arrives as text; JSON text is read as its value, so it is written back indented. */
export const useGenerateSpec = () =>
  useMutation({
    mutationFn: async (request: CopilotRequest) => {
      const answer = await http<unknown>(copilotPaths.generate, { method: 'POST', body: request });
      return typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2);
    },
  });

export function useImportSpec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => http<ApiMaster>(apisPaths.upload, { method: 'POST', body: form }),
    // The dashboard's list (key ['apis', ...]) shows the new API at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apis'] }),
  });
}
