import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');

/**
 * The folder a source file belongs to, as a reader of the import graph sees it: each module
 * under `modules/` is its own folder, every other top-level folder is one, and the files at
 * the root are the root.
 */
function folderOf(root: string, file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length === 1) return '(root)';
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0]!;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Pairs of folders that import each other (relative imports inside `root`). */
function mutualPairs(root: string): string[] {
  const edges = new Set<string>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (!target.startsWith(root + path.sep)) continue;
      const from = folderOf(root, file);
      const to = folderOf(root, target);
      if (from !== to) edges.add(`${from} → ${to}`);
    }
  }
  return [...edges]
    .filter((edge) => {
      const [from, to] = edge.split(' → ');
      return from! < to! && edges.has(`${to} → ${from}`);
    })
    .sort();
}

// Imports run one way between folders: a pair that imports each other is one tangle a reader
// cannot take apart, and the next change to either side has to understand both.
it.each([['apps/server/src'], ['packages/sandbox/src']])(
  'no two folders of %s import each other',
  (dir) => {
    expect(mutualPairs(path.join(REPO, dir))).toEqual([]);
  },
);
