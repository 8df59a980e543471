import { SKINS, type Skin } from '@gds/contract';
import { createContext, useContext, type ReactNode } from 'react';

const SkinContext = createContext<Skin>(SKINS.MEGALYTIC_GDS);

/** The skin resolved at boot, for components (tests render with any skin). */
export function SkinProvider({ skin, children }: { skin: Skin; children: ReactNode }) {
  return <SkinContext value={skin}>{children}</SkinContext>;
}

export function useSkin(): Skin {
  return useContext(SkinContext);
}
