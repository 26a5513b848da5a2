// The engine: an OpenAPI document (or a Postman collection) in, answers out, with no database.
// `mockDocument` is all a caller needs; the rest is for a platform that stores APIs its own way.

export type { AnswerContext } from './answer/answerRequest.js';
export { answerRequest } from './answer/answerRequest.js';
export type { CompiledApi } from './answer/compileApi.js';
export { compileApi } from './answer/compileApi.js';
export type { DeployedApi, DeployedEndpoint } from './answer/deployedApi.js';
export { queryOf, type SandboxAnswer, type SandboxRequest } from './answer/exchange.js';
export { memoryRecords } from './answer/memoryRecords.js';
export { violationsHeader } from './answer/prismAnswer.js';
export type { PrismViolation } from './answer/prismProblems.js';
export type { Problem } from './answer/problem.js';
export type { RecordStore } from './answer/records.js';
export { toWire, type WireAnswer } from './answer/wire.js';
export type { DocumentOptions, Mock, MockAnswer, MockRequest } from './document.js';
export { deployedFromImport, mockDocument } from './document.js';
export { ImportError } from './import/ImportError.js';
export { importOpenApi } from './import/importOpenApi.js';
export {
  CHECKED_BODY_LIMIT,
  checkRequest,
  checkResponse,
  type RequestCheck,
  type UpstreamAnswer,
} from './proxy/exchangeCheck.js';
export { forwardedRequestHeaders, returnedAnswerHeaders } from './proxy/hopHeaders.js';
export { answerRefusal, bodyNotForwarded, refusalOf, upstreamNotImplemented } from './proxy/proxyAnswers.js';
export { maskedHeaders, maskedQuery } from './shared/maskCredentials.js';
