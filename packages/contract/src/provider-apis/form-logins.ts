import type { ProviderApi } from '../provider-api-types.ts';

const CALLRAIL_AUTH = { Authorization: 'Token token={apiKey}' };

/** Form-login connectors: the login fields are checked with one call before anything is stored. */
export const FORM_LOGIN_APIS: Readonly<Record<string, ProviderApi>> = {
  callrail: {
    verify: { url: 'https://api.callrail.com/v3/a/{accountId}.json', headers: CALLRAIL_AUTH },
    identity: { idField: 'id', nameField: 'name' },
    accounts: {
      request: {
        url: 'https://api.callrail.com/v3/a/{accountId}/companies.json?per_page=250',
        headers: CALLRAIL_AUTH,
      },
      listPath: 'companies',
      idField: 'id',
      nameField: 'name',
    },
  },
  whatconverts: {
    verify: {
      url: 'https://app.whatconverts.com/api/v1/accounts?accounts_per_page=250',
      basicAuth: { username: '{apiToken}', password: '{apiSecret}' },
    },
    identity: { idField: 'accounts.0.account_id', nameField: 'accounts.0.account_name' },
    accounts: { listPath: 'accounts', idField: 'account_id', nameField: 'account_name' },
  },
};
