import { z } from 'zod';

/**
 * A 403 for the caller's role, not their session: spec §4's "any 403 signs out" is for sessions that
 * failed, so a signed-in user is never signed out for lacking a role.
 */
export const ROLE_REFUSAL = 'role';
export const ROLE_REFUSED_MESSAGE = 'Your role does not allow this.';

// DESIGN §4: every control-plane error is `{ message, detail? }`; a role refusal adds `reason: 'role'`.
export const ZApiError = z.object({
  message: z.string(),
  detail: z.string().optional(),
  reason: z.literal(ROLE_REFUSAL).optional(),
});
export type ApiError = z.infer<typeof ZApiError>;
