import { z } from 'zod';

// DESIGN §4: every control-plane error is `{ message, detail? }`.
export const ZApiError = z.object({ message: z.string(), detail: z.string().optional() });
export type ApiError = z.infer<typeof ZApiError>;
