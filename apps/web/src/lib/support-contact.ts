import type { Skin } from '@gds/contract';

/** How a person reached for help; the label of the "GDS - Contact Support" event. */
export type SupportChannel = 'faq' | 'support site' | 'support email' | 'chat';

/** A message to the skin's support address, its subject naming the brand. */
export function supportEmailHref(skin: Pick<Skin, 'name' | 'supportEmail'>): string {
  return `mailto:${skin.supportEmail}?subject=${encodeURIComponent(`${skin.name} support`)}`;
}
