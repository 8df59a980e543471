import type { Endpoint } from '../endpoint.ts';
import * as accountFlags from './account-flags.ts';
import * as activity from './activity.ts';
import * as admin from './admin.ts';
import * as clientLinks from './client-links.ts';
import * as billing from './billing.ts';
import * as connections from './connections.ts';
import * as connectorGrants from './connector-grants.ts';
import * as dataSourceFields from './data-source-fields.ts';
import * as dataSources from './data-sources.ts';
import * as documents from './documents.ts';
import * as home from './home.ts';
import * as invitations from './invitations.ts';
import * as members from './members.ts';
import * as probes from './probes.ts';
import * as roles from './roles.ts';
import * as signIn from './sign-in.ts';
import * as stats from './stats.ts';
import * as profile from './profile.ts';
import * as team from './team.ts';
import * as teamWebhooks from './team-webhooks.ts';

export * from './schemas.ts';
export {
  accountFlags,
  activity,
  admin,
  clientLinks,
  billing,
  connections,
  connectorGrants,
  dataSourceFields,
  dataSources,
  home,
  invitations,
  members,
  probes,
  roles,
  signIn,
  stats,
  team,
  teamWebhooks,
};
export * from './account-flags.ts';
export * from './activity.ts';
export * from './admin.ts';
export * from './client-links.ts';
export * from './billing.ts';
export * from './connector-grants.ts';
export * from './invitations.ts';
export * from './roles.ts';
export * from './stats.ts';
export * from './team-webhooks.ts';
export { connectorCallbackPath, type ConnectionResult } from './connections.ts';
export { type Account, type AccountStatus, type ConnectorInfo } from './data-sources.ts';
export { teamNameSchema } from './team.ts';
export { type CatalogueField } from './data-source-fields.ts';

/** Every endpoint of the API. The authorization-matrix test fails when a route is missing. */
export const ENDPOINTS = {
  getConfig: home.getConfig,
  login: home.login,
  logout: home.logout,
  loginCallback: signIn.loginCallback,
  getTeamInfo: team.getTeamInfo,
  updateTeamInfo: team.updateTeamInfo,
  getMailPreferences: profile.getMailPreferences,
  updateMailPreferences: profile.updateMailPreferences,
  getTeamUsers: members.getTeamUsers,
  getTeamUser: members.getTeamUser,
  updateTeamUser: members.updateTeamUser,
  removeTeamUser: members.removeTeamUser,
  leaveTeam: members.leaveTeam,
  getRoles: roles.getRoles,
  getRole: roles.getRole,
  createRole: roles.createRole,
  updateRole: roles.updateRole,
  deleteRole: roles.deleteRole,
  getInvitations: invitations.getInvitations,
  createInvitation: invitations.createInvitation,
  resendInvitation: invitations.resendInvitation,
  revokeInvitation: invitations.revokeInvitation,
  getInvitationInfo: invitations.getInvitationInfo,
  acceptInvitation: invitations.acceptInvitation,
  getActivity: activity.getActivity,
  getTeamWebhook: teamWebhooks.getTeamWebhook,
  saveTeamWebhook: teamWebhooks.saveTeamWebhook,
  rotateTeamWebhookSecret: teamWebhooks.rotateTeamWebhookSecret,
  deleteTeamWebhook: teamWebhooks.deleteTeamWebhook,
  sendTeamWebhookTest: teamWebhooks.sendTeamWebhookTest,
  getClientLinks: clientLinks.getClientLinks,
  createClientLink: clientLinks.createClientLink,
  revokeClientLink: clientLinks.revokeClientLink,
  askToReconnect: clientLinks.askToReconnect,
  getClientLinkInfo: clientLinks.getClientLinkInfo,
  startClientConnection: clientLinks.startClientConnection,
  getClientConnectionResult: clientLinks.getClientConnectionResult,
  getSession: home.getSession,
  getConnectorConfig: dataSources.getConnectorConfig,
  startConnection: connections.startConnection,
  submitFormLogin: connections.submitFormLogin,
  getConnectionResult: connections.getConnectionResult,
  getGroupedData: dataSources.getGroupedData,
  deleteAccount: dataSources.deleteAccount,
  restoreAccount: dataSources.restoreAccount,
  getAccountFields: dataSourceFields.getAccountFields,
  getConnectorFields: dataSourceFields.getConnectorFields,
  getConnectorGrants: connectorGrants.getConnectorGrants,
  revokeConnectorGrant: connectorGrants.revokeConnectorGrant,
  getConnectorConsent: connectorGrants.getConnectorConsent,
  getAccountFlags: accountFlags.getAccountFlags,
  searchTeams: admin.searchTeams,
  userSwitch: admin.userSwitch,
  endUserSwitch: admin.endUserSwitch,
  getPlanUsage: billing.getPlanUsage,
  getPlans: billing.getPlans,
  getAddons: billing.getAddons,
  estimatePlan: billing.estimatePlan,
  estimateNextBillingAmount: billing.estimateNextBillingAmount,
  customizePlan: billing.customizePlan,
  updateSubscriptionWebhookStatus: billing.updateSubscriptionWebhookStatus,
  confirmCheckout: billing.confirmCheckout,
  dropCheckout: billing.dropCheckout,
  updateCard: billing.updateCard,
  getInvoices: billing.getInvoices,
  downloadInvoice: billing.downloadInvoice,
  getChurnReasons: billing.getChurnReasons,
  submitChurnFeedback: billing.submitChurnFeedback,
  cancelSubscription: billing.cancelSubscription,
  resumeSubscription: billing.resumeSubscription,
  submitBillingFeedback: billing.submitBillingFeedback,
  getStats: stats.getStats,
} as const satisfies Record<string, Endpoint>;

/** Probes for load balancers and orchestrators, served outside /api (see probes.ts). */
export const PROBES = {
  health: probes.health,
  readiness: probes.readiness,
} as const satisfies Record<string, Endpoint>;

/**
 * Documents about the API, served under /api but outside ENDPOINTS: public, no session, no
 * business-unit header (a browser opens them directly).
 */
export const API_DOCUMENTS = {
  openApi: documents.openApi,
  apiDocs: documents.apiDocs,
} as const satisfies Record<string, Endpoint>;
