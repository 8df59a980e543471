import { SKINS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import { escapeHtml } from '@gds/contract/escape-html';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The invitation email, branded by the team's unit: who invites whom to which team with which
 * role, the accept link, until when it works; plain text and a simple HTML part.
 */
export function invitationMail(input: {
  unit: BusinessUnit;
  to: string;
  teamName: string;
  inviter: string;
  roleName: string;
  acceptUrl: string;
  expiresAt: Date;
}): MailMessage {
  const skin = SKINS[input.unit];
  const who = input.inviter || `A member of ${input.teamName}`;
  const until = input.expiresAt.toUTCString();
  const { red, green, blue } = skin.primaryColor;
  const subject = `${who} invited you to join ${input.teamName} on ${skin.name}`;
  const lines = [
    `${who} invited you to join the team "${input.teamName}" on ${skin.name} as ${input.roleName}.`,
    'Accept the invitation:',
    input.acceptUrl,
    `The link works once, until ${until}. If you did not expect this invitation, you can ignore this email.`,
    `${skin.name} · ${skin.supportEmail}`,
  ];
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1d2433">
<p>${escapeHtml(lines[0])}</p>
<p><a href="${escapeHtml(input.acceptUrl)}" style="display:inline-block;padding:10px 16px;background:rgb(${red},${green},${blue});color:#fff;text-decoration:none;border-radius:4px">Accept the invitation</a></p>
<p>Or open this address: <a href="${escapeHtml(input.acceptUrl)}">${escapeHtml(input.acceptUrl)}</a></p>
<p style="color:#4a5468">${escapeHtml(lines[3])}</p>
<p style="color:#4a5468">${escapeHtml(lines[4])}</p>
</body></html>`;
  return { unit: input.unit, to: input.to, subject, text: lines.join('\n\n'), html };
}
