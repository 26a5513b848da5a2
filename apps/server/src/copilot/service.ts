import { type CopilotInput, copilotMessages } from '@sandbox/contracts';
import type { ApisService } from '../apis/service.js';
import type { User } from '../auth/store.js';
import type { Config } from '../config.js';
import { Invalid, NotFound } from '../http/errors.js';
import { AI_TIMEOUT_MS, type Chat, chatCompletions } from './chatCompletions.js';
import { generateSpec } from './generateSpec.js';
import { generateRows, type Row, remoteRows } from './generateTestData.js';
import { remoteSpecProvider } from './remoteProvider.js';
import { rowShapeOf } from './rowShape.js';
import type { CopilotStore } from './store.js';

interface CopilotDeps {
  ai: Config['ai'];
  apis: Pick<ApisService, 'endpointDetail'>;
  store: CopilotStore;
  /** Tests shorten it. */
  aiTimeoutMs?: number;
}

/** The AI helpers (DESIGN §7): an OpenAI-compatible service when configured, else the built-in generators. */
export function createCopilotService({ ai, apis, store, aiTimeoutMs = AI_TIMEOUT_MS }: CopilotDeps) {
  const chat: Chat | null = ai ? chatCompletions(ai, aiTimeoutMs) : null;
  const remoteSpec = chat && remoteSpecProvider(chat);

  return {
    /** An OpenAPI 3 document as JSON text, indented by two spaces. */
    async generateSpec(input: CopilotInput): Promise<string> {
      if (remoteSpec) return remoteSpec(input);
      return JSON.stringify(generateSpec(input), null, 2);
    },

    async generateTestData(user: User, endpointId: number): Promise<Row[]> {
      const apiMasterId = await store.apiMasterIdOf(endpointId);
      if (apiMasterId === undefined) throw new NotFound('Endpoint not found');
      const detail = await apis.endpointDetail(user, apiMasterId, endpointId);
      const row = rowShapeOf(detail);
      if (!row) throw new Invalid(copilotMessages.noSchema, `${detail.methodType} ${detail.apiEndPoint}`);
      return chat ? remoteRows(chat, row, `${detail.methodType} ${detail.apiEndPoint}`) : generateRows(row);
    },
  };
}

export type CopilotService = ReturnType<typeof createCopilotService>;
