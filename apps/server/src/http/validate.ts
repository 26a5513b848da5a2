import type { z } from 'zod';
import { Invalid } from './errors.js';

/** Parses a payload with its contract schema; the first problem is the message, all of them the detail. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) =>
    i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message,
  );
  throw new Invalid(result.error.issues[0]?.message ?? 'Invalid request', issues.join('; '));
}
