// Written by packages/contract/scripts/endpoint-routes.ts from ENDPOINTS; do not edit.
// After changing an endpoint, run: npx tsx packages/contract/scripts/endpoint-routes.ts
import type { EndpointRoute, HttpMethod } from './endpoint.ts';
import type { ENDPOINTS } from './endpoints/index.ts';

type Endpoints = typeof ENDPOINTS;
/** An endpoint of the API, by its key in ENDPOINTS. */
export type EndpointName = keyof Endpoints;

function route<N extends EndpointName>(
  name: N,
  method: HttpMethod,
  path: string,
): EndpointRoute<Endpoints[N]> {
  return { name, method, path };
}

/**
 * Every endpoint's name, method and path, without its schemas: the web app calls the API with
 * these, so its first page does not carry zod and every schema of the API. Written from
 * ENDPOINTS, and typed by it: a missing endpoint fails to compile.
 */
export const ENDPOINT_ROUTES = {
  getConfig: route('getConfig', 'GET', '/api/home/config'),
  login: route('login', 'POST', '/api/home/login'),
  logout: route('logout', 'POST', '/api/home/logout'),
  loginCallback: route('loginCallback', 'GET', '/api/auth/callback'),
  getTeamInfo: route('getTeamInfo', 'GET', '/api/team/info'),
  updateTeamInfo: route('updateTeamInfo', 'PUT', '/api/team/info'),
  getMailPreferences: route('getMailPreferences', 'GET', '/api/profile/mailPreferences'),
  updateMailPreferences: route('updateMailPreferences', 'PUT', '/api/profile/mailPreferences'),
  getTeamUsers: route('getTeamUsers', 'GET', '/api/team/users'),
  getTeamUser: route('getTeamUser', 'GET', '/api/team/user'),
  updateTeamUser: route('updateTeamUser', 'PUT', '/api/team/user'),
  removeTeamUser: route('removeTeamUser', 'DELETE', '/api/team/user'),
  leaveTeam: route('leaveTeam', 'POST', '/api/team/leave'),
  getRoles: route('getRoles', 'GET', '/api/team/roles'),
  getRole: route('getRole', 'GET', '/api/team/role'),
  createRole: route('createRole', 'POST', '/api/team/role'),
  updateRole: route('updateRole', 'PUT', '/api/team/role'),
  deleteRole: route('deleteRole', 'DELETE', '/api/team/role'),
  getInvitations: route('getInvitations', 'GET', '/api/team/invitations'),
  createInvitation: route('createInvitation', 'POST', '/api/team/invitation'),
  resendInvitation: route('resendInvitation', 'POST', '/api/team/invitation/resend'),
  revokeInvitation: route('revokeInvitation', 'DELETE', '/api/team/invitation'),
  getInvitationInfo: route('getInvitationInfo', 'GET', '/api/invitations/info'),
  acceptInvitation: route('acceptInvitation', 'POST', '/api/invitations/accept'),
  getActivity: route('getActivity', 'GET', '/api/team/activity'),
  getTeamWebhook: route('getTeamWebhook', 'GET', '/api/team/webhook'),
  saveTeamWebhook: route('saveTeamWebhook', 'PUT', '/api/team/webhook'),
  rotateTeamWebhookSecret: route('rotateTeamWebhookSecret', 'POST', '/api/team/webhook/secret'),
  deleteTeamWebhook: route('deleteTeamWebhook', 'DELETE', '/api/team/webhook'),
  sendTeamWebhookTest: route('sendTeamWebhookTest', 'POST', '/api/team/webhook/test'),
  getClientLinks: route('getClientLinks', 'GET', '/api/team/clientLinks'),
  createClientLink: route('createClientLink', 'POST', '/api/team/clientLink'),
  revokeClientLink: route('revokeClientLink', 'DELETE', '/api/team/clientLink'),
  askToReconnect: route('askToReconnect', 'POST', '/api/team/credentialReconnect'),
  getClientLinkInfo: route('getClientLinkInfo', 'GET', '/api/clientLinks/info'),
  startClientConnection: route('startClientConnection', 'POST', '/api/clientLinks/start'),
  getClientConnectionResult: route('getClientConnectionResult', 'GET', '/api/clientLinks/result'),
  getSession: route('getSession', 'GET', '/api/home/session'),
  getConnectorConfig: route('getConnectorConfig', 'GET', '/api/dataSources/connectorConfig'),
  startConnection: route('startConnection', 'GET', '/api/auth/'),
  submitFormLogin: route('submitFormLogin', 'POST', '/api/auth/callback'),
  getConnectionResult: route('getConnectionResult', 'GET', '/api/dataSources/connectionResult'),
  getGroupedData: route('getGroupedData', 'GET', '/api/dataSources/groupedData'),
  deleteAccount: route('deleteAccount', 'DELETE', '/api/dataSources/deleteAccount/:accountId'),
  restoreAccount: route('restoreAccount', 'POST', '/api/dataSources/restoreAccount/:accountId'),
  getAccountFields: route('getAccountFields', 'GET', '/api/dataSources/accountFields/:accountId'),
  getConnectorFields: route(
    'getConnectorFields',
    'GET',
    '/api/dataSources/connectorFields/:connectorId',
  ),
  getConnectorGrants: route('getConnectorGrants', 'GET', '/api/dataSources/connectorGrants'),
  revokeConnectorGrant: route(
    'revokeConnectorGrant',
    'DELETE',
    '/api/dataSources/connectorGrants/:grantId',
  ),
  getConnectorConsent: route('getConnectorConsent', 'GET', '/api/connectorConsent'),
  getAccountFlags: route('getAccountFlags', 'GET', '/api/dataSources/accountFlags'),
  searchTeams: route('searchTeams', 'GET', '/api/admin/teams'),
  userSwitch: route('userSwitch', 'POST', '/api/home/userSwitch'),
  endUserSwitch: route('endUserSwitch', 'POST', '/api/home/userSwitch/end'),
  getPlanUsage: route('getPlanUsage', 'GET', '/api/billing/planUsage'),
  getPlans: route('getPlans', 'GET', '/api/billing/plans'),
  getAddons: route('getAddons', 'GET', '/api/billing/addons'),
  estimatePlan: route('estimatePlan', 'POST', '/api/billing/estimate'),
  estimateNextBillingAmount: route(
    'estimateNextBillingAmount',
    'POST',
    '/api/billing/estimate/nextBillingAmount',
  ),
  customizePlan: route('customizePlan', 'POST', '/api/billing/customize'),
  updateSubscriptionWebhookStatus: route(
    'updateSubscriptionWebhookStatus',
    'POST',
    '/api/billing/updateSubscriptionWebhookStatus',
  ),
  confirmCheckout: route('confirmCheckout', 'POST', '/api/billing/checkout/confirm'),
  dropCheckout: route('dropCheckout', 'POST', '/api/billing/checkout/drop'),
  updateCard: route('updateCard', 'POST', '/api/billing/updateCard'),
  getInvoices: route('getInvoices', 'GET', '/api/billing/invoices'),
  downloadInvoice: route('downloadInvoice', 'POST', '/api/billing/invoice/download'),
  getChurnReasons: route('getChurnReasons', 'GET', '/api/billing/churnReasons'),
  submitChurnFeedback: route('submitChurnFeedback', 'POST', '/api/billing/churnFeedback'),
  cancelSubscription: route('cancelSubscription', 'POST', '/api/billing/cancelSubscription'),
  resumeSubscription: route('resumeSubscription', 'POST', '/api/billing/resumeSubscription'),
  submitBillingFeedback: route('submitBillingFeedback', 'POST', '/api/billing/feedback'),
  getStats: route('getStats', 'GET', '/api/stats'),
} satisfies { [N in EndpointName]: EndpointRoute<Endpoints[N]> };
