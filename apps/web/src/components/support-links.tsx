import type { Skin } from '@gds/contract';
import { trackEvent } from '../lib/analytics.ts';
import { Icon, type IconName } from './icon.tsx';
import { supportEmailHref, type SupportChannel } from '../lib/support-contact.ts';
import { useSkin } from '../skins/skin-context.tsx';

interface SupportLink {
  href: string;
  label: string;
  channel: SupportChannel;
}

const ICONS: Record<SupportChannel, IconName> = {
  faq: 'help',
  'support site': 'external',
  'support email': 'mail',
  chat: 'chat',
};

/** The skin's FAQ, support site and support email, leaving out any the skin lacks. */
function linksOf(skin: Skin): SupportLink[] {
  const links: SupportLink[] = [];
  if (skin.faqUrl) links.push({ href: skin.faqUrl, label: 'Read the FAQ', channel: 'faq' });
  if (skin.supportUrl) {
    links.push({
      href: skin.supportUrl,
      label: `Contact ${skin.name} support`,
      channel: 'support site',
    });
  }
  if (skin.supportEmail) {
    links.push({
      href: supportEmailHref(skin),
      label: skin.supportEmail,
      channel: 'support email',
    });
  }
  return links;
}

/**
 * "Need help?" and the ways to get it, for the places people look when they are stuck
 * (sign-in, errors, empty screens). Every click is a Contact Support event, FAQ included:
 * reading the FAQ is how most people start asking for help.
 */
export function SupportLinks() {
  const links = linksOf(useSkin());
  if (links.length === 0) return null;
  return (
    <p className="support-links" data-testid="support-links">
      <span className="support-links-lead">Need help?</span>
      {links.map((link) => (
        <a
          key={link.channel}
          href={link.href}
          onClick={() => trackEvent('contactSupport', link.channel)}
          {...(link.channel === 'support email' ? {} : { target: '_blank', rel: 'noreferrer' })}
        >
          <Icon name={ICONS[link.channel]} size={14} />
          {link.label}
        </a>
      ))}
    </p>
  );
}
