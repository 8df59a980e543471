import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this module rather than process.cwd(): npm runs workspace
 * scripts with the workspace as cwd, so relative defaults like ./data would otherwise move.
 * Searched upwards, since this code runs from src/ (tsx, tests) and bundled from dist/.
 */
export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist/');

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/src/db/migrations/');

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps/server/package.json'))) return `${dir}${path.sep}`;
    if (path.dirname(dir) === dir) throw new Error(`No repository root above ${from}`);
  }
}
