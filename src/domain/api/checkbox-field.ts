import { z } from 'zod';

/** A form field that is "true" when its box was ticked (form-urlencoded bodies carry text). */
export const checkboxField = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');
