import { z } from 'zod';
import { defineEndpoint, privateAccess, publicAccess } from '../endpoint.ts';
import { emailSchema, idSchema, personSchema } from './schemas.ts';

/** Invitation links work for 7 days, once. */
export const INVITATION_TTL_DAYS = 7;

/** A link token as it travels in a path or a form (base64url, never stored in clear). */
export const linkTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,128}$/, 'is not a valid link');

/** A pending invitation as the Team screen lists it. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  invitedBy: personSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Pending invitations hold a seat; expired ones are listed (to resend) but hold none. */
  status: z.enum(['pending', 'expired']),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * What creating or resending answers: the invitation, the accept address (shown once, to
 * copy — only its hash is stored) and whether an email went out.
 */
const sentInvitationSchema = z.object({
  invitation: invitationSchema,
  acceptUrl: z.string(),
  emailSent: z.boolean(),
});

export const getInvitations = defineEndpoint({
  name: 'getInvitations',
  method: 'GET',
  path: '/api/team/invitations',
  access: privateAccess('manage_members'),
  response: z.object({ invitations: z.array(invitationSchema) }),
  errors: [],
});

/**
 * Invites someone by email with a role. Refused before any email goes when the team has no
 * free seat (PLAN_LIMIT, naming Billing), when the person is already a member or already has a
 * pending invitation (CONFLICT: resend it instead), or too often (RATE_LIMITED).
 */
export const createInvitation = defineEndpoint({
  name: 'createInvitation',
  method: 'POST',
  path: '/api/team/invitation',
  access: privateAccess('manage_members'),
  body: z.object({ email: emailSchema, roleId: idSchema }),
  response: sentInvitationSchema,
  errors: [
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'CONFLICT',
    'PLAN_LIMIT',
    'SUBSCRIPTION_INACTIVE',
    'RATE_LIMITED',
  ],
});

/** A new link (the old one stops working) valid for another 7 days, emailed again. */
export const resendInvitation = defineEndpoint({
  name: 'resendInvitation',
  method: 'POST',
  path: '/api/team/invitation/resend',
  access: privateAccess('manage_members'),
  body: z.object({
    id: idSchema,
    /** 'false': only a new link to copy, no email (the Team screen's "Copy link"). */
    sendEmail: z.enum(['true', 'false']).default('true'),
  }),
  response: sentInvitationSchema,
  errors: ['NOT_FOUND', 'PLAN_LIMIT', 'SUBSCRIPTION_INACTIVE', 'RATE_LIMITED'],
});

export const revokeInvitation = defineEndpoint({
  name: 'revokeInvitation',
  method: 'DELETE',
  path: '/api/team/invitation',
  access: privateAccess('manage_members'),
  query: z.object({ id: idSchema }),
  response: z.object({ success: z.literal(true) }),
  errors: ['NOT_FOUND'],
});

/**
 * What the invitation page shows. Public: the invitee may not be signed in. `status` says
 * why a link no longer works; an unknown token is a 404. `viewer` describes the signed-in
 * person, if any, so the page can explain what accepting changes.
 */
export const getInvitationInfo = defineEndpoint({
  name: 'getInvitationInfo',
  method: 'GET',
  path: '/api/invitations/info',
  access: publicAccess,
  query: z.object({ token: linkTokenSchema }),
  response: z.object({
    status: z.enum(['pending', 'expired', 'revoked', 'accepted']),
    teamName: z.string(),
    email: z.string(),
    roleName: z.string(),
    invitedByName: z.string(),
    expiresAt: z.string(),
    viewer: z
      .object({
        email: z.string(),
        /** Signed in with the invited email (case-insensitive). */
        isInvitee: z.boolean(),
        /** Already a member of the inviting team. */
        isMember: z.boolean(),
        /** The team the viewer belongs to now (accepting moves them out of it). */
        currentTeamName: z.string(),
        /** The viewer is the only member of their current team: it stays, with its data. */
        leavesEmptyTeam: z.boolean(),
        /** Data-source credentials the viewer authorised in the current team. */
        credentialCount: z.number().int(),
        /** Set when accepting is refused, e.g. the last Super Admin of a team with others. */
        blockedReason: z.string().nullable(),
      })
      .nullable(),
  }),
  errors: ['NOT_FOUND', 'RATE_LIMITED'],
});

/**
 * Accepts as the signed-in invitee: joins the team with the invited role (moving out of the
 * current team, whose credentials stay with that team). The session id is rotated.
 */
export const acceptInvitation = defineEndpoint({
  name: 'acceptInvitation',
  method: 'POST',
  path: '/api/invitations/accept',
  access: privateAccess(),
  body: z.object({ token: linkTokenSchema }),
  response: z.object({ success: z.literal(true), teamName: z.string() }),
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'PLAN_LIMIT', 'RATE_LIMITED'],
});
