import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this file rather than process.cwd(): npm runs workspace
 * scripts with the workspace as cwd, so relative defaults like ./data would otherwise move.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

export const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations/', import.meta.url));
