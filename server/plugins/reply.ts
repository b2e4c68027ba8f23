import { z } from 'zod';

/** The success envelope every API answer uses. */
export const ok = <T>(message: T) => ({ code: 200 as const, status: 'OK' as const, message });

export const okSchema = <T extends z.ZodType>(message: T) =>
  z.object({ code: z.literal(200), status: z.literal('OK'), message });
