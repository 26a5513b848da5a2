/**
 * Where an exported document keeps traffic simulation, and an imported one is read for it: on an
 * operation (its own behaviour) and at the document's root (the API's default).
 */
export const BEHAVIOUR_EXTENSION = 'x-sandbox-behaviour';
