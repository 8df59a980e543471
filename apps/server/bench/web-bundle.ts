import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIST_DIR } from '../src/config/paths.ts';

/** A chunk of Vite's build manifest (build.manifest in the web app's vite config). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export interface WebBundle {
  /** gzip bytes of the JavaScript a first visit to /login loads: the entry and the login route. */
  loginKb: number;
  /** Each route module's own chunk, gzip kB, largest first. */
  routes: Array<{ route: string; kb: number }>;
}

export const LOGIN_TARGET_KB = 110;
export const ROUTE_TARGET_KB = 50;
const LOGIN_ROUTE = 'src/app/routes/login-route.tsx';

/** Measures the built web app (apps/web/dist) from its manifest, as a browser would fetch it. */
export function measureWebBundle(distDir = WEB_DIST_DIR): WebBundle {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(distDir, file))).length / 1024;
  // The entry's static imports are preloaded with it; the route's come when it is matched.
  const loaded = new Set<string>();
  const load = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(key)) return;
    loaded.add(key);
    for (const imported of chunk.imports ?? []) load(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The web build has no entry chunk.');
  load(entry);
  load(LOGIN_ROUTE);
  const files = [...loaded]
    .map((key) => manifest[key]?.file ?? '')
    .filter((f) => f.endsWith('.js'));
  const routes = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => ({ route: path.basename(key), kb: gzipKb(chunk.file) }))
    .sort((a, b) => b.kb - a.kb);
  return { loginKb: files.reduce((sum, file) => sum + gzipKb(file), 0), routes };
}
