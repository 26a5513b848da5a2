import { type CopilotInput, copilotMessages } from '@sandbox/contracts';
import { importOpenApi } from '@sandbox/engine/import/importOpenApi';
import { parseDocument } from '@sandbox/engine/import/parseDocument';
import { AppError } from '../http/errors.js';
import { askWithOneRetry, type Chat, type ChatMessage, stripFences } from './chatCompletions.js';

const SYSTEM = [
  'You design REST APIs. Answer with one OpenAPI 3.0 document in JSON and nothing else.',
  'Describe every endpoint you are given, with its path parameters, a JSON request body schema for',
  'POST, PUT and PATCH, JSON response schemas with fitting status codes (GET 200/404, POST 201/422,',
  'PUT and PATCH 200/404, DELETE 204/404), named schemas under components.schemas, realistic examples',
  'and a tag per first path segment.',
].join(' ');

function promptOf(input: CopilotInput): ChatMessage[] {
  const endpoints = input.endpoints
    .map((e) => `- ${e.method} ${e.url}${e.description ? `: ${e.description}` : ''}`)
    .join('\n');
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `Project: ${input.projectName}\nDescription: ${input.description || '(none)'}\nEndpoints:\n${endpoints}`,
    },
  ];
}

/** `/users/{userId}` and `/users/{id}` are the same path. */
const pathKey = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/\{[^}]*\}/g, '{}')}`;

/**
 * Accepts an answer only when it is an OpenAPI 3 document (JSON or YAML, fences allowed) that the
 * product's own importer reads and that describes every endpoint asked for. Answers it as JSON text.
 */
export function checkSpec(answer: string, input: CopilotInput): { value: string } | { problems: string[] } {
  let document: unknown;
  try {
    document = parseDocument(stripFences(answer), 'copilot');
  } catch (error) {
    return { problems: [`The answer is not JSON or YAML: ${describe(error)}`] };
  }
  const version = (document as { openapi?: unknown } | null)?.openapi;
  if (typeof version !== 'string' || !version.startsWith('3.')) {
    return { problems: ['The document must be OpenAPI 3 (an "openapi": "3.0.x" field)'] };
  }
  const text = JSON.stringify(document, null, 2);
  try {
    const imported = importOpenApi(text, 'copilot.json');
    const found = new Set(imported.endpoints.map((e) => pathKey(e.methodType, e.apiEndPoint)));
    const missing = input.endpoints.filter((e) => !found.has(pathKey(e.method, e.url)));
    if (missing.length > 0) {
      return { problems: missing.map((e) => `The endpoint ${e.method} ${e.url} is missing`) };
    }
  } catch (error) {
    return { problems: [`The document cannot be imported: ${describe(error)}`] };
  }
  return { value: text };
}

function describe(error: unknown): string {
  if (error instanceof AppError) return error.detail ? `${error.message} (${error.detail})` : error.message;
  return (error as Error).message;
}

/** Copilot through an OpenAI-compatible chat-completions server; one retry with the problems found. */
export function remoteSpecProvider(chat: Chat) {
  return (input: CopilotInput): Promise<string> =>
    askWithOneRetry(chat, promptOf(input), (answer) => checkSpec(answer, input), copilotMessages.aiInvalid);
}
