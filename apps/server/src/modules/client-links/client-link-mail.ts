import { SKINS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import { escapeHtml } from '@gds/contract/escape-html';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The email carrying a client connect link, branded by the team's unit: who asks, for which
 * data source, the link, until when it works, and that no password is shared. A reconnect link
 * names the login to sign in to again instead of asking for new accounts.
 */
export function clientLinkMail(input: {
  unit: BusinessUnit;
  to: string;
  teamName: string;
  sender: string;
  connectorName: string;
  url: string;
  expiresAt: Date;
  multiUse: boolean;
  /** A reconnect link's login: the client signs in to it again. */
  reconnectLogin?: string | null;
}): MailMessage {
  const skin = SKINS[input.unit];
  const who = input.sender || input.teamName;
  const { red, green, blue } = skin.primaryColor;
  const login = input.reconnectLogin;
  const subject = login
    ? `${who} asks you to reconnect your ${input.connectorName} login ${login} for ${input.teamName}`
    : `${who} asks you to connect your ${input.connectorName} accounts to ${input.teamName}`;
  const action = login ? `Reconnect ${input.connectorName}` : `Connect ${input.connectorName}`;
  const lines = [
    login
      ? `${who} (${input.teamName}) asks you to reconnect your ${input.connectorName} login ${login}: its access for their reports in ${skin.name} has stopped or is about to. Sign in as ${login} again and their reports keep working.`
      : `${who} (${input.teamName}) asks you to connect your ${input.connectorName} accounts so they can report on them in ${skin.name}.`,
    login ? 'Reconnect your login:' : 'Connect your accounts:',
    input.url,
    `You sign in at ${input.connectorName} itself and choose what to share; you never give anyone your password. The link works ${input.multiUse ? '' : 'once, '}until ${input.expiresAt.toUTCString()}. If you did not expect this email, you can ignore it.`,
    `${skin.name} · ${skin.supportEmail}`,
  ];
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1d2433">
<p>${escapeHtml(lines[0])}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:10px 16px;background:rgb(${red},${green},${blue});color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p>Or open this address: <a href="${escapeHtml(input.url)}">${escapeHtml(input.url)}</a></p>
<p style="color:#4a5468">${escapeHtml(lines[3])}</p>
<p style="color:#4a5468">${escapeHtml(lines[4])}</p>
</body></html>`;
  return { unit: input.unit, to: input.to, subject, text: lines.join('\n\n'), html };
}
