import type { Db } from '../../db/database.ts';
import type { CredentialEventKind } from '../../db/schema.ts';

/** One happening in a credential's health, as it is recorded. */
export interface CredentialEvent {
  teamId: string;
  credentialId: string;
  kind: CredentialEventKind;
  /** Which happening this is: the same one recorded again (another instance) keeps one row. */
  occurrence: string;
  details: Record<string, unknown>;
  occurredAt: Date;
}

/** SQL for credential events. Every statement names the team. */
export function createCredentialEventsRepository(db: Db) {
  return {
    /**
     * Records a happening once: true when this call recorded it, false when it was recorded
     * before or the credential is not the team's (the row is taken from the team's credential,
     * so another team's id records nothing).
     */
    async record(event: CredentialEvent): Promise<boolean> {
      const inserted = await db
        .insertInto('credential_events')
        .columns(['team_id', 'credential_id', 'kind', 'occurrence', 'details', 'occurred_at'])
        .expression((eb) =>
          eb
            .selectFrom('data_source_credentials')
            .select([
              'team_id',
              'id',
              eb.val(event.kind).as('kind'),
              eb.val(event.occurrence).as('occurrence'),
              eb.cast(eb.val(JSON.stringify(event.details)), 'jsonb').as('details'),
              eb.cast(eb.val(event.occurredAt), 'timestamptz').as('occurred_at'),
            ])
            .where('team_id', '=', event.teamId)
            .where('id', '=', event.credentialId),
        )
        .onConflict((oc) => oc.columns(['credential_id', 'kind', 'occurrence']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
