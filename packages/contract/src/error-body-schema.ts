import { z } from 'zod';
import type { ErrorBody } from './errors.ts';

/** ErrorBody as a schema: the server's error answers and the API documents are written from it. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** For VALIDATION_FAILED: the field that is wrong, as a dotted path. */
    field: z.string().optional(),
    /** The id this request has in the server's log lines: quoted to support, it finds them. */
    requestId: z.string().optional(),
  }),
}) satisfies z.ZodType<ErrorBody>;
