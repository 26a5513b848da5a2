// Typed errors thrown by services; the error handler turns them into `{ message, detail? }`.
import { ROLE_REFUSED_MESSAGE } from '@sandbox/contracts';
import { AppError } from '@sandbox/engine/shared/appError';

export { AppError, Invalid } from '@sandbox/engine/shared/appError';

export class Unauthorized extends AppError {
  constructor(message = 'Authentication required', detail?: string) {
    super(401, message, detail);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'Forbidden', detail?: string) {
    super(403, message, detail);
  }
}

/** A signed-in caller whose role may not do this: not a session failure, so the web app keeps them signed in. */
export class RoleRefused extends Forbidden {
  constructor() {
    super(ROLE_REFUSED_MESSAGE);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found', detail?: string) {
    super(404, message, detail);
  }
}

export class TooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, detail?: string) {
    super(409, message, detail);
  }
}

export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
