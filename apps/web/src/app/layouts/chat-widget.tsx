import { Icon } from '../../components/icon.tsx';
import { useSkin } from '../../skins/skin-context.tsx';

/**
 * Spec §1: the third unit loads a chat widget in the logged-in layout. No chat vendor is wired
 * in, so the widget is a launcher that opens a message to the skin's support address.
 */
export function ChatWidget() {
  const skin = useSkin();
  return (
    <a
      className="chat-widget"
      href={`mailto:${skin.supportEmail}?subject=${encodeURIComponent(`${skin.name} support`)}`}
      data-testid="chat-widget"
    >
      <Icon name="chat" size={20} />
      <span>Chat with us</span>
    </a>
  );
}
