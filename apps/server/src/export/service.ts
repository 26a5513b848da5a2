// Writing an API back out as a document (OpenAPI, with its behaviours). What other capabilities use
// of it; they reach it only through this module.
export { exportModel } from './exportModel.js';
export { type ApiBehaviours, writeBehaviours } from './writeBehaviours.js';
