import path from 'node:path';
import { expect } from 'vitest';
import { ADDON_CONNECTORS, ENDPOINTS, findConnectorByName } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';
import { createProviderDirectory } from '../../src/modules/providers/provider-directory.ts';
import { FETCHER_DEFINITIONS } from '../../src/modules/report-connectors/fetcher-definitions.ts';
import { createReportFetchers } from '../../src/modules/reports/report-fetchers.ts';
import type { ReportAccount } from '../../src/modules/reports/report-fetcher.ts';
import { reportAccountOf } from '../../src/modules/reports/report-fetcher.ts';
import { loadSandboxProviderKey, sandboxRegistration, sandboxDemoSecret } from '@gds/sandbox';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt, connectOAuth, startConnect } from '../helpers/connections.ts';
import { storedSecrets } from '../helpers/secrets.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

/** The report fetchers as app.ts would build them in demo mode, polling fast for tests. */
export function sandboxFetchers(ctx: SandboxContext) {
  const key = loadSandboxProviderKey(path.join(ctx.config.dataDir, 'keys'));
  const providers = createProviderDirectory(
    ctx.config,
    sandboxRegistration(ctx.config.publicUrl, key),
  );
  return createReportFetchers({
    definitions: FETCHER_DEFINITIONS,
    providers,
    timeoutMs: 2_000,
    poll: { intervalMs: 50, attempts: 40 },
  });
}

/** Lets the team connect every add-on connector. */
export async function ownAllAddons(db: Db, teamId: string) {
  await db
    .updateTable('teams')
    .set({ addons: JSON.stringify(ADDON_CONNECTORS) })
    .where('id', '=', teamId)
    .execute();
}

/**
 * Connects a connector through the app's own connect flow (consent page or form login with
 * the demo secrets) and answers its first account and the stored secret, decrypted.
 */
export async function connectedAccount(
  ctx: SandboxContext,
  db: Db,
  owner: SignedIn,
  nameSimple: string,
): Promise<{ account: ReportAccount; accessToken: string; accountId: string }> {
  const connector = findConnectorByName(nameSimple);
  if (!connector) throw new Error(`no connector ${nameSimple}`);
  if (connector.auth === 'oauth2') {
    const { result } = await connectOAuth(ctx, owner.cookie, connector.id);
    expect(result.status, `${nameSimple}: ${result.error}`).toBe('connected');
  } else {
    const start = await startConnect(ctx, owner.cookie, { integration_type: connector.id });
    const form: Record<string, string> = { state: start.state ?? '' };
    for (const field of connector.loginFields ?? []) {
      form[field.fieldName] = field.type === 'password' ? sandboxDemoSecret(field) : 'ACC-555';
    }
    const response = await callAt(ctx, ENDPOINTS.submitFormLogin, { form, cookie: owner.cookie });
    expect(response.json().success, response.body).toBe(true);
  }
  const row = await db
    .selectFrom('data_source_accounts')
    .select(['id', 'external_id', 'name', 'credential_id', 'details'])
    .where('team_id', '=', owner.team.id)
    .where('connector_id', '=', connector.id)
    .orderBy('external_id')
    .executeTakeFirstOrThrow();
  const secrets = await storedSecrets(db, row.credential_id);
  return {
    account: reportAccountOf(row),
    accessToken: secrets.access,
    accountId: row.id,
  };
}
