import { z } from 'zod';
import { HTTP_METHODS, MAX_NAME_LENGTH } from './constants.js';

// spec §2 API Copilot, §3 Copilot request, §5 and §9 limits, §7 calls, §8 messages.

export const copilotPaths = {
  generate: '/api/openai/generate-response',
} as const;

export const COPILOT_DESCRIPTION_MAX = 2000;
export const COPILOT_ENDPOINT_DESCRIPTION_MAX = 1000;
export const COPILOT_MAX_ENDPOINTS = 50;
export const COPILOT_URL_MAX = 300;
/** spec §9: a Copilot document is imported as version 1.0 and downloaded as response.json. */
export const COPILOT_IMPORT_VERSION = '1.0';
export const COPILOT_DOWNLOAD_FILE = 'response.json';
/** Rows made by one AI test-data generation (its path is testDataPaths.generate). */
export const COPILOT_TEST_DATA_ROWS = 10;

export const copilotValidation = {
  projectNameRequired: 'Project name is required',
  urlRequired: 'URL path is required',
  urlStartsWithSlash: 'URL path must start with /',
  urlCharacters: 'URL path may hold letters, digits, - . _ ~ / and {parameters}',
  atLeastOneEndpoint: 'Add at least one endpoint',
  duplicateEndpoint: 'Each method and URL path may appear only once',
} as const;

export const ZCopilotEndpoint = z.object({
  method: z.enum(HTTP_METHODS),
  url: z
    .string()
    .trim()
    .min(1, copilotValidation.urlRequired)
    .max(COPILOT_URL_MAX)
    .startsWith('/', copilotValidation.urlStartsWithSlash)
    .regex(/^(\/([\w.~-]+|\{[A-Za-z_][\w]*\})?)+$/, copilotValidation.urlCharacters),
  description: z.string().trim().max(COPILOT_ENDPOINT_DESCRIPTION_MAX).default(''),
});
export type CopilotEndpoint = z.input<typeof ZCopilotEndpoint>;

export const ZCopilotRequest = z.object({
  projectName: z.string().trim().min(1, copilotValidation.projectNameRequired).max(MAX_NAME_LENGTH),
  description: z.string().trim().max(COPILOT_DESCRIPTION_MAX).default(''),
  endpoints: z
    .array(ZCopilotEndpoint)
    .min(1, copilotValidation.atLeastOneEndpoint)
    .max(COPILOT_MAX_ENDPOINTS)
    .refine(
      (endpoints) =>
        new Set(endpoints.map((e) => `${e.method} ${e.url.replace(/\{[^}]*\}/g, '{}')}`)).size ===
        endpoints.length,
      copilotValidation.duplicateEndpoint,
    ),
});
export type CopilotRequest = z.input<typeof ZCopilotRequest>;
export type CopilotInput = z.output<typeof ZCopilotRequest>;

export const copilotMessages = {
  sent: 'Prompt sent successfully.',
  failed: 'Sorry, something went wrong. Try again.',
  imported: 'File imported successfully.',
  importFailed: 'Sorry, something went wrong.',
  aiInvalid: 'The AI service did not return a valid OpenAPI document',
  aiDataInvalid: 'The AI service did not return valid test data',
  aiTimedOut: 'The AI service did not answer in time',
  aiUnavailable: 'The AI service could not be reached',
  noSchema: 'This endpoint has no request or response body schema to generate data for',
  aiRateLimited: (waitSeconds: number) =>
    `Your team has made too many AI requests. Try again in ${
      waitSeconds < 60 ? `${waitSeconds} s` : `${Math.ceil(waitSeconds / 60)} min`
    }.`,
} as const;
