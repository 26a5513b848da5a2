import { type CopilotInput, copilotMessages, type EndpointDetail } from '@sandbox/contracts';
import type { NamedSchemas } from '@sandbox/engine/answer/requestModel';
import { ApiModel } from '@sandbox/engine/model/apiModel';
import { namedSchemas, recordSchemaName } from '@sandbox/engine/model/namedSchemas';
import type { ApisService } from '../apis/service.js';
import type { AttemptLimiter, User } from '../auth/service.js';
import { teamOf } from '../auth/service.js';
import type { Config } from '../config.js';
import { Invalid, NotFound, TooManyRequests } from '../http/errors.js';
import { AI_TIMEOUT_MS, type Chat, chatCompletions } from './chatCompletions.js';
import { generateSpec } from './generateSpec.js';
import { generateRows, type Row, remoteRows } from './generateTestData.js';
import { remoteSpecProvider } from './remoteProvider.js';
import type { CopilotStore } from './store.js';

interface CopilotDeps {
  ai: Config['ai'];
  apis: Pick<ApisService, 'endpointDetail'>;
  store: CopilotStore;
  /** Counts each team's AI calls (AI_RATE_LIMIT); null: no limit. */
  limiter: AttemptLimiter | null;
  /** Tests shorten it. */
  aiTimeoutMs?: number;
}

/**
 * The schema of one test-data row: a record of the endpoint's first success response (an item of it
 * when it is a list), else of its request body; undefined when neither is a schema of objects.
 */
function rowSchemaOf(detail: EndpointDetail, named: NamedSchemas): string | undefined {
  const responses = detail.responseConfigList
    .filter((r) => /^2\d\d$/.test(r.responseCode) && r.responseSchemaName)
    .sort((a, b) => Number(a.responseCode) - Number(b.responseCode));
  const name =
    responses[0]?.responseSchemaName ?? detail.requestConfigList.find((r) => r.schemaName)?.schemaName;
  return name ? recordSchemaName(named, name) : undefined;
}

/** The AI helpers (DESIGN §7): an OpenAI-compatible service when configured, else the built-in generators. */
export function createCopilotService({ ai, apis, store, limiter, aiTimeoutMs = AI_TIMEOUT_MS }: CopilotDeps) {
  const chat: Chat | null = ai ? chatCompletions(ai, aiTimeoutMs) : null;
  const remoteSpec = chat && remoteSpecProvider(chat);

  /**
   * Each call spends the operator's AI key, so a team gets a number of calls per window. The built-in
   * generators are counted too: one rule whatever the operator configured, and no surprise the day
   * a key is added.
   */
  async function spend(user: User): Promise<void> {
    if (!limiter) return;
    const attempt = await limiter.take([`ai:team:${teamOf(user)}`]);
    if (attempt.waitSeconds > 0)
      throw new TooManyRequests(copilotMessages.aiRateLimited(attempt.waitSeconds), attempt.waitSeconds);
  }

  return {
    /** An OpenAPI 3 document as JSON text, indented by two spaces. */
    async generateSpec(user: User, input: CopilotInput): Promise<string> {
      await spend(user);
      if (remoteSpec) return remoteSpec(input);
      return JSON.stringify(generateSpec(input), null, 2);
    },

    async generateTestData(user: User, endpointId: number): Promise<Row[]> {
      const apiMasterId = await store.apiMasterIdOf(endpointId);
      if (apiMasterId === undefined) throw new NotFound('Endpoint not found');
      const detail = await apis.endpointDetail(user, apiMasterId, endpointId);
      const endpoint = `${detail.methodType} ${detail.apiEndPoint}`;
      const named = namedSchemas(await store.declaredSchemas(apiMasterId), detail.schemaMasterList);
      const schemaName = rowSchemaOf(detail, named);
      if (!schemaName) throw new Invalid(copilotMessages.noSchema, endpoint);
      await spend(user);
      if (chat) return remoteRows(chat, schemaName, named, endpoint);
      return generateRows(schemaName, new ApiModel(named));
    },
  };
}

export type CopilotService = ReturnType<typeof createCopilotService>;
