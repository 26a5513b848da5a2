// The hosted sandbox's parts other capabilities use (the request log records calls as captured here,
// the tokens capability checks tokens as the sandbox does); they reach them only through this module.
export { type CapturedCall, maskedHeaders, maskedQuery, routeOf } from './capture.js';
export { TokenCheck } from './tokens.js';
