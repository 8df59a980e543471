import type { Handlers } from '../../http/route.ts';
import type { FieldCataloguesService } from './field-catalogues.service.ts';

/** The field explorer's calls: an account's fields, and a connector's before connecting. */
export function fieldCataloguesHandlers(deps: {
  catalogues: FieldCataloguesService;
}): Pick<Handlers, 'getAccountFields' | 'getConnectorFields'> {
  const { catalogues } = deps;
  return {
    getAccountFields: async ({ user, params }) =>
      catalogues.accountFields(user.teamId, params.accountId),
    getConnectorFields: ({ params }) =>
      Promise.resolve(catalogues.connectorFields(Number(params.connectorId))),
  };
}
