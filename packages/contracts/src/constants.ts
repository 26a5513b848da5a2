// spec §9: business constants shared by the server and the web app.

export const MAX_NAME_LENGTH = 50;
export const MAX_DESCRIPTION_LENGTH = 100;
export const MAX_INPUT_LENGTH = 50;

/**
 * How deeply one schema may nest, designed or imported: deeper than any real document, far below
 * what would exhaust the stack of the recursive code that checks and generates values.
 */
export const MAX_SCHEMA_DEPTH = 128;

export const SIGNIN_PASSWORD_MIN = 6;
export const RESET_PASSWORD_MIN = 6;
export const STRONG_PASSWORD_MIN = 8;

export const FORCED_LOGOUT_DELAY_MS = 1000;
export const EMAIL_VERIFIED_COUNTDOWN_S = 10;
export const SIGNUP_SUCCESS_NOTICE_MS = 4000;
export const RESEND_LINK_NOTICE_MS = 2000;
export const DEACTIVATION_REDIRECT_MS = 1000;
export const FEEDBACK_REDIRECT_MS = 100;
export const SET_PASSWORD_REDIRECT_MS = 1500;
export const UPLOAD_FORM_RESET_MS = 100;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOOL_TOAST_AUTO_CLOSE_MS = 4000;

export const ENDPOINT_URL_DISPLAY_LENGTH = 20;
export const SIDEBAR_NAME_LENGTH = 30;
export const SIDEBAR_PATH_LENGTH = 25;
export const DATE_FORMAT = 'DD MMM YYYY hh:mm A';
export const FEEDBACK_TEXTAREA_HEIGHT_PX = 150;

/** The methods endpoints link by (the Mapping tab) and Copilot writes. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
/** Every method a document's operation may have: imported, listed and answered by the sandbox. */
export const OPERATION_METHODS = [...HTTP_METHODS, 'HEAD', 'OPTIONS', 'TRACE'] as const;

export const BODY_FIELD_TYPES = ['string', 'number', 'boolean', 'null'] as const;
export const AUTO_GENERATION_TYPES = ['UUID', 'Random Number', 'Random String'] as const;

export const ROLE_VIEWER = 1;
export const ROLE_DEVELOPER = 2;
export const ROLE_ADMIN = 3;
export const ROLE_NAMES: Record<number, string> = { 1: 'Viewer', 2: 'Developer', 3: 'Admin' };

export const DIALOG_TEXT = {
  confirm: 'OK',
  deny: 'No',
  cancel: 'Cancel',
  submit: 'Submit',
  close: 'Close this dialog',
} as const;

// spec §3: keys of the browser session storage.
export const SESSION_KEYS = {
  user: 'auth',
  id: 'id',
  token: 'auth-token',
  roleId: 'roleId',
  parentId: 'parentId',
  parentUserName: 'parentUserName',
} as const;
