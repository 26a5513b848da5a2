import { type CopilotInput, copilotMessages, type DeclaredOperation } from '@sandbox/contracts';
import type { NamedSchemas } from '@sandbox/engine/answer/requestModel';
import { ApiModel } from '@sandbox/engine/model/apiModel';
import { requestBodySchemaOf, successBodySchemasOf } from '@sandbox/engine/model/bodySchemas';
import { namedSchemas, recordSchemaOf } from '@sandbox/engine/model/namedSchemas';
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
  store: CopilotStore;
  /** Counts each team's AI calls (AI_RATE_LIMIT); null: no limit. */
  limiter: AttemptLimiter | null;
  /** Tests shorten it. */
  aiTimeoutMs?: number;
}

/**
 * The schema of one test-data row, as the endpoint's operation declares it: a record of its first
 * success response with a body (an item of it when it is a list), else of its request body; undefined
 * when neither is a schema of objects.
 */
function rowSchemaOf(operation: DeclaredOperation, named: NamedSchemas) {
  const body = successBodySchemasOf(operation)[0] ?? requestBodySchemaOf(operation);
  return body === undefined ? undefined : recordSchemaOf(named, body);
}

/** The AI helpers (DESIGN §7): an OpenAI-compatible service when configured, else the built-in generators. */
export function createCopilotService({ ai, store, limiter, aiTimeoutMs = AI_TIMEOUT_MS }: CopilotDeps) {
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
      const found = await store.findEndpoint(endpointId);
      if (!found || found.team_id !== teamOf(user)) throw new NotFound('Endpoint not found');
      const endpoint = `${found.method} ${found.path}`;
      const named = namedSchemas(await store.declaredSchemas(found.api_master_id));
      const row = rowSchemaOf(found.operation, named);
      if (!row) throw new Invalid(copilotMessages.noSchema, endpoint);
      await spend(user);
      if (chat) return remoteRows(chat, row, named, endpoint);
      return generateRows(row, new ApiModel(named));
    },
  };
}

export type CopilotService = ReturnType<typeof createCopilotService>;
