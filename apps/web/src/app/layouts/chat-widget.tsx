import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/icon.tsx';
import { trackEvent } from '../../lib/analytics.ts';
import { appConfigQueryOptions } from '../../lib/app-config-query.ts';
import { loadChatWidget } from '../../lib/chat-widget-script.ts';
import { supportEmailHref } from '../../lib/support-contact.ts';
import { useSkin } from '../../skins/skin-context.tsx';

type VendorState = 'none' | 'loading' | 'ready' | 'failed';

/** Loads the configured chat vendor once; 'none' when the server names no vendor. */
function useChatVendor(vendor: { scriptUrl: string; widgetId: string } | null): VendorState {
  const [state, setState] = useState<Exclude<VendorState, 'none'>>('loading');
  const scriptUrl = vendor?.scriptUrl;
  const widgetId = vendor?.widgetId ?? '';
  useEffect(() => {
    if (!scriptUrl) return;
    let live = true;
    loadChatWidget(scriptUrl, widgetId).then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [scriptUrl, widgetId]);
  return scriptUrl ? state : 'none';
}

/**
 * The third unit loads a chat widget in the signed-in layout (the layout renders this
 * only for skins with a chat widget). With a vendor configured its script draws the launcher;
 * without one, or when the script cannot load, a launcher opens a message to support instead,
 * so help is never missing.
 */
export function ChatWidget() {
  const skin = useSkin();
  const config = useQuery(appConfigQueryOptions);
  const vendor = useChatVendor(config.data?.chatWidget ?? null);
  // Until the config says whether a vendor is set, show nothing rather than a launcher that
  // might be swapped for the vendor's a moment later.
  if (config.isPending || vendor === 'loading' || vendor === 'ready') return null;
  return (
    <a
      className="chat-widget"
      href={supportEmailHref(skin)}
      onClick={() => trackEvent('contactSupport', 'chat')}
      data-testid="chat-widget"
    >
      <Icon name="chat" size={20} />
      <span>Chat with us</span>
    </a>
  );
}
