/**
 * The subject (oidc-provider's accountId) of a connector grant: the team and the member
 * together, so every code and token issued under it names both and cannot be used for the
 * member's data in another team.
 */
export function connectorSubject(teamId: string, userId: string): string {
  return `${teamId}.${userId}`;
}

export function parseConnectorSubject(
  subject: string,
): { teamId: string; userId: string } | undefined {
  const [teamId, userId, extra] = subject.split('.');
  if (!teamId || !userId || extra !== undefined) return undefined;
  return { teamId, userId };
}
