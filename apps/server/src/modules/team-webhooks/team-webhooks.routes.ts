import type { Handlers } from '../../http/route.ts';
import type { TeamWebhooksService } from './team-webhooks.service.ts';

/** The team webhook screen. Private routes; the user is always set. */
export function teamWebhooksHandlers(deps: {
  webhooks: TeamWebhooksService;
}): Pick<
  Handlers,
  | 'getTeamWebhook'
  | 'saveTeamWebhook'
  | 'rotateTeamWebhookSecret'
  | 'deleteTeamWebhook'
  | 'sendTeamWebhookTest'
> {
  const { webhooks } = deps;
  return {
    getTeamWebhook: ({ user }) => webhooks.get(user),
    saveTeamWebhook: ({ user, body }) => webhooks.save(user, body.url),
    rotateTeamWebhookSecret: ({ user }) => webhooks.rotateSecret(user),
    deleteTeamWebhook: ({ user }) => webhooks.remove(user),
    sendTeamWebhookTest: ({ user }) => webhooks.sendTest(user),
  };
}
