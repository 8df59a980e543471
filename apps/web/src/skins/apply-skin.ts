import { SKINS, defaultTitle, type Skin } from '@gds/contract';
import { primaryColorVariables } from './skin-colors.ts';

/** Applies a skin to the document: colours, html class, favicon, default title. */
export function applySkin(skin: Skin, doc: Document = document): void {
  const root = doc.documentElement;
  for (const [name, value] of Object.entries(primaryColorVariables(skin.primaryColor))) {
    root.style.setProperty(name, value);
  }
  root.style.setProperty('--login-bg', skin.loginBackground);
  root.style.setProperty('--login-bg-image', `url("${skin.loginBackgroundImage}")`);
  // The html element carries the skin so route changes can own the body class.
  for (const other of Object.values(SKINS)) root.classList.remove(other.class);
  root.classList.add(skin.class);

  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  icon.type = 'image/svg+xml';
  icon.href = skin.favicon;
  doc.title = defaultTitle(skin);
}
