import { CLIENT_LINK_MAX_DAYS } from '@gds/contract';
import { z } from 'zod';

/**
 * The "New client link" form as typed: the connector as its option value, the email optional,
 * single or multi-use, and the days the link works (the contract's 1–30).
 */
export const newLinkSchema = z.object({
  connectorId: z.string().min(1, 'Choose the connector your client should connect'),
  recipientEmail: z
    .string()
    .trim()
    .max(320, 'Use an email address of 320 characters or fewer')
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Enter an email address such as name@company.com, or leave it empty',
    ),
  multiUse: z.enum(['true', 'false']),
  expiresInDays: z.coerce
    .number<string>()
    .int('Use whole days')
    .min(1, 'A link works for at least 1 day')
    .max(CLIENT_LINK_MAX_DAYS, `A link works for at most ${CLIENT_LINK_MAX_DAYS} days`),
});
export type NewLinkInput = z.input<typeof newLinkSchema>;
export type NewLinkOutput = z.output<typeof newLinkSchema>;
/** Fields a server refusal may name; anything else is shown above the buttons. */
export const NEW_LINK_FIELDS: readonly string[] = [
  'connectorId',
  'recipientEmail',
  'multiUse',
  'expiresInDays',
];
