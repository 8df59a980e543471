import { describe, expect, it } from 'vitest';
import { renderConsentPage } from './consent-page.ts';

const base = {
  connector: { name: 'Google Analytics' },
  action: '/sandbox/providers/google-analytics/authorize',
  request: { redirect_uri: 'http://app/cb', state: 's', code_challenge: 'c', scope: '' },
  login: 'demo@google-analytics.example',
  accounts: [{ index: 1, name: 'Google Analytics demo 1' }],
};

describe('sandbox consent page', () => {
  it('offers the logins that signed in before, so a client reconnecting picks the same one', () => {
    const html = renderConsentPage({
      ...base,
      knownLogins: ['client@brand.com', 'other"<x>@brand.com'],
    });
    expect(html).toContain('list="known-logins"');
    expect(html).toContain('<datalist id="known-logins"><option value="client@brand.com">');
    expect(html).toContain('<code>client@brand.com</code>');
    expect(html).toContain('other&quot;&lt;x&gt;@brand.com');
    expect(html).not.toContain('other"<x>');
  });

  it('offers no chooser before anyone signed in', () => {
    const html = renderConsentPage({ ...base, knownLogins: [] });
    expect(html).not.toContain('datalist');
    expect(html).not.toContain('list="known-logins"');
  });
});
