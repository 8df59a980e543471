import { LoginCard } from '../../features/sign-in/components/login-card.tsx';
import { useSkin } from '../../skins/skin-context.tsx';

/** /login: the skin's login background with the sign-in card centred on it. */
export function Component() {
  const skin = useSkin();
  return (
    <div className="login-page">
      <LoginCard />
      <p className="login-legal">
        © {new Date().getFullYear()} {skin.name} ·{' '}
        <a href={skin.url} target="_blank" rel="noreferrer">
          {skin.url.replace(/^https?:\/\/(www\.)?/, '')}
        </a>
      </p>
    </div>
  );
}
