// Reading a document into an API: fetched from a URL, parsed in a worker thread, and the baseline a
// re-import compares with. What other capabilities use of it; they reach it only through this module.
export {
  type BaselineEndpoint,
  baselineEndpoint,
  endpointKey,
  type ImportBaseline,
  type ImportedWithBaseline,
  markHandAdded,
  parameterKey,
  parseBaseline,
  storedBaselineOf,
} from './baseline.js';
export { createDocumentFetcher, type FetchDocument } from './fetchDocument.js';
export { createImportWorker, type ImportWorker } from './importInWorker.js';
