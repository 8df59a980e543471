import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The server's modules are one list in three places: their folders, the order lint enforces
 * (SERVER_MODULES in eslint.config.js) and the order the code style guide states. A module
 * renamed, added or removed in one place and not the others fails here, naming the difference.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const quoted = (text: string, quote: string) =>
  [...text.matchAll(new RegExp(`${quote}([a-z-]+)${quote}`, 'g'))].map((m) => m[1]);

it('the module folders, the lint order and the code style guide name the same modules', () => {
  const lintList = /const SERVER_MODULES = \[([^\]]*)\]/.exec(read('eslint.config.js'))?.[1];
  const styleList = /Modules form a DAG, in this order[^:]*:([^]*?)The list lives in/.exec(
    read('docs/CODE_STYLE.md'),
  )?.[1];
  expect(lintList, 'SERVER_MODULES in eslint.config.js').toBeDefined();
  expect(styleList, 'the module order in docs/CODE_STYLE.md').toBeDefined();
  const lint = quoted(lintList ?? '', "'");
  const folders = fs
    .readdirSync(path.join(ROOT, 'apps/server/src/modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect([...lint].sort(), 'SERVER_MODULES against the module folders').toEqual(folders.sort());
  expect(quoted(styleList ?? '', '`'), 'docs/CODE_STYLE.md against SERVER_MODULES').toEqual(lint);
});
