import { SKINS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import { escapeHtml } from '@gds/contract/escape-html';
import type { CredentialEventKind } from '../../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One happening as the digest tells it. */
export interface DigestItem {
  kind: CredentialEventKind;
  connectorName: string;
  loginName: string;
  /** The forecast expiry, for the expiring kinds. */
  expiresAt: Date | null;
  /** Why it stopped working, for failed and revoked. */
  reason: string | null;
}

/** What the person reads about one login. */
export function digestLine(item: DigestItem, now: Date): string {
  const who = `${item.connectorName} login ${item.loginName}`;
  const when = item.expiresAt ? item.expiresAt.toUTCString() : 'soon';
  switch (item.kind) {
    case 'expiring_soon': {
      const days = item.expiresAt
        ? Math.max(1, Math.ceil((item.expiresAt.getTime() - now.getTime()) / DAY_MS))
        : 7;
      return `${who} expires in ${days} day${days === 1 ? '' : 's'} (${when}). Reconnect it before then so its reports keep working.`;
    }
    case 'expiring_today':
      return `${who} expires within a day (${when}). Reconnect it now so its reports keep working.`;
    case 'revoked':
      return `${who} was revoked or expired at ${item.connectorName}: its reports get no new data until it is reconnected.`;
    default:
      return `${who} stopped working${item.reason ? `: ${item.reason}` : '.'} Its reports get no new data until it works again.`;
  }
}

/**
 * The digest of a team's data-source logins that are about to expire or stopped working, one
 * message per member, branded by the team's unit, with where to reconnect and where to turn
 * the digest off.
 */
export function credentialDigestMail(input: {
  unit: BusinessUnit;
  to: string;
  teamName: string;
  items: readonly DigestItem[];
  dataSourcesUrl: string;
  profileUrl: string;
  now: Date;
}): MailMessage {
  const skin = SKINS[input.unit];
  const { red, green, blue } = skin.primaryColor;
  const count = input.items.length;
  const subject = `${count} data source login${count === 1 ? '' : 's'} of ${input.teamName} need${count === 1 ? 's' : ''} attention`;
  const lines = input.items.map((item) => digestLine(item, input.now));
  const intro = `These data source logins of ${input.teamName} in ${skin.name} are about to expire or stopped working:`;
  const optOut = `You receive this because you can manage data sources in ${input.teamName}. Turn these emails off in your profile: ${input.profileUrl}`;
  const text = [
    intro,
    lines.map((line) => `- ${line}`).join('\n'),
    `Reconnect them on Data Sources: ${input.dataSourcesUrl}`,
    optOut,
    `${skin.name} · ${skin.supportEmail}`,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1d2433">
<p>${escapeHtml(intro)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(input.dataSourcesUrl)}" style="display:inline-block;padding:10px 16px;background:rgb(${red},${green},${blue});color:#fff;text-decoration:none;border-radius:4px">Open Data Sources</a></p>
<p style="color:#4a5468">You receive this because you can manage data sources in ${escapeHtml(input.teamName)}. <a href="${escapeHtml(input.profileUrl)}">Turn these emails off in your profile</a>.</p>
<p style="color:#4a5468">${escapeHtml(`${skin.name} · ${skin.supportEmail}`)}</p>
</body></html>`;
  return { unit: input.unit, to: input.to, subject, text, html };
}
