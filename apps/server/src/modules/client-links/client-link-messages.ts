import type { ClientLinkStatus } from '@gds/contract';

/** What members and clients are told about client links, in one place. */
export const CLIENT_LINK_MESSAGES = {
  unknownConnector: 'This data source does not exist.',
  notOAuth: (name: string) =>
    `${name} is connected with a login form, so a client would have to type their password into our page. Client links are only for data sources that use the provider's own sign-in.`,
  planFull: (used: number, limit: number) =>
    `Your plan has ${used} of ${limit} accounts in use, so a client could not add any. Add accounts in Billing or delete some, then send the link.`,
  teamFull: (teamName: string) =>
    `${teamName} has no room for more accounts on its plan right now. Ask them to make room, then open this link again.`,
  allSkipped: (teamName: string, skipped: number) =>
    `${teamName} has no room for more accounts on its plan, so none of your ${skipped} account${skipped === 1 ? '' : 's'} could be added. Nothing was connected; ask them to make room, then open the link again.`,
  unknownLink:
    'This link is not valid. Check that you copied all of it, or ask the person who sent it for a new one.',
  dead: (status: Exclude<ClientLinkStatus, 'active'>, teamName: string) =>
    status === 'expired'
      ? `This link has expired. Ask ${teamName} to send you a new one.`
      : status === 'revoked'
        ? `This link was withdrawn by ${teamName}. Ask them for a new one if you still need to connect.`
        : `This link has already been used. Ask ${teamName} for a new one if you need to connect more accounts.`,
  notFoundForTeam: 'That client link was not found.',
  reconnectNoEmail:
    'No one is on record as the owner of this login. Type the email of the person who signs in to it.',
  reconnectUnknown: 'That login was not found. It may have been deleted.',
} as const;
