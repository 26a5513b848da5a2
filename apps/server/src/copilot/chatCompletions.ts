import { copilotMessages } from '@sandbox/contracts';
import type { Config } from '../config.js';
import { AppError } from '../http/errors.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The AI service failed us: our users see a 502 with the reason. */
export class AiFailure extends AppError {
  constructor(message: string, detail?: string) {
    super(502, message, detail);
  }
}

export type Chat = (messages: ChatMessage[]) => Promise<string>;

export const AI_TIMEOUT_MS = 30_000;

/** One call to an OpenAI-compatible `POST {baseUrl}/chat/completions`; answers the first choice's text. */
export function chatCompletions(ai: NonNullable<Config['ai']>, timeoutMs = AI_TIMEOUT_MS): Chat {
  return async (messages) => {
    let response: Response;
    try {
      response = await fetch(`${ai.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: ai.model, messages, temperature: 0.2 }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new AiFailure(copilotMessages.aiTimedOut, `no answer within ${timeoutMs / 1000} s`);
      }
      throw new AiFailure(copilotMessages.aiUnavailable, (error as Error).message);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok)
      throw new AiFailure(
        copilotMessages.aiUnavailable,
        `the AI service answered ${response.status}: ${text.slice(0, 300)}`,
      );
    try {
      const content = JSON.parse(text)?.choices?.[0]?.message?.content;
      if (typeof content === 'string') return content;
    } catch {
      // reported below
    }
    throw new AiFailure(copilotMessages.aiUnavailable, 'the AI service answered without a chat completion');
  };
}

/** Models often wrap their answer in a Markdown code fence. */
export function stripFences(text: string): string {
  const fenced = /```[\w-]*\s*\n([\s\S]*?)\n?```/.exec(text);
  return (fenced ? fenced[1] : text).trim();
}

/**
 * Asks once; when `check` finds problems, asks again with them in a follow-up message; then gives up.
 * `check` answers the accepted value or the list of problems.
 */
export async function askWithOneRetry<T>(
  chat: Chat,
  messages: ChatMessage[],
  check: (answer: string) => { value: T } | { problems: string[] },
  failure: string,
): Promise<T> {
  const first = await chat(messages);
  const checked = check(first);
  if ('value' in checked) return checked.value;
  const second = await chat([
    ...messages,
    { role: 'assistant', content: first },
    {
      role: 'user',
      content: `That answer cannot be used:\n- ${checked.problems.join('\n- ')}\nAnswer again with only the corrected JSON, no explanation.`,
    },
  ]);
  const rechecked = check(second);
  if ('value' in rechecked) return rechecked.value;
  throw new AiFailure(failure, rechecked.problems.slice(0, 5).join('; '));
}
