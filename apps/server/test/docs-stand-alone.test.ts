import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: its code, tests and docs state the rules they keep in words and
 * never point at documents outside it (a product spec's numbered sections, a list of numbered
 * promises, a sibling folder). Naming a public standard's section is fine ("RFC 6749 §2.3.1:
 * each part form-encoded before joining"), since anyone can look that up.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECTION = '\u00a7';
/** Examples are built from parts, so this file's own lines do not match. */
const PROMISES = 'RELIABILITY';
const SHARED = ['..', 'shared'].join('/');

/** Standards whose numbered sections a reader can look up: "RFC 6749 ", "ISO 8601 ". */
const STANDARD_BEFORE = /\b(?:RFC|ISO(?:\/IEC)?|IEC|ECMA|FIPS|NIST SP)[ -]?[\d.-]+(?::\d+)?\s*$/;

const OUTSIDE_REFERENCES: { pattern: RegExp; why: string }[] = [
  {
    pattern: new RegExp(`\\bspec\\b[\\s'’s(]*${SECTION}`, 'i'),
    why: 'a section of a spec outside the repository',
  },
  {
    pattern: /\bRELIABILITY\s+(?:promises?\s+)?\d/,
    why: 'a numbered promise outside the repository',
  },
  {
    pattern: /\.\.\/shared\b|\/work\/shared\b|\bproduct-spec\.md\b|\bRELIABILITY\.md\b/,
    why: 'a document outside the repository',
  },
];

/** Why a line points outside the repository, or undefined when it does not. */
function outsideReference(line: string): string | undefined {
  for (const { pattern, why } of OUTSIDE_REFERENCES) if (pattern.test(line)) return why;
  const sectionSign = new RegExp(`${SECTION}\\s*\\d`, 'g');
  for (const match of line.matchAll(sectionSign)) {
    if (!STANDARD_BEFORE.test(line.slice(0, match.index))) {
      return 'a numbered section that names no public standard';
    }
  }
  return undefined;
}

/** The repository's files as git knows them (tracked, and new ones not ignored). */
function repositoryFiles(): string[] {
  try {
    const out = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return [...new Set(out.split('\0').filter(Boolean))];
  } catch {
    // No git (a source archive): walk the tree, skipping what is installed or built.
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!['node_modules', 'dist', '.git', 'coverage', 'data'].includes(entry.name)) walk(rel);
        } else if (entry.isFile()) files.push(rel);
      }
    };
    walk('');
    return files;
  }
}

describe('the repository stands alone', () => {
  it('tells an outside reference from a rule stated in words', () => {
    expect(outsideReference(`the spec ${SECTION}2 guards`)).toBeDefined();
    expect(outsideReference(`Spec ${SECTION}4/${SECTION}7: GET /api/auth/`)).toBeDefined();
    expect(outsideReference(`the spec (${SECTION}7) prescribes`)).toBeDefined();
    expect(outsideReference(`the toast of ${SECTION}8`)).toBeDefined();
    expect(outsideReference(`${PROMISES} 7 says no GET changes data`)).toBeDefined();
    expect(outsideReference(`${PROMISES} promise 7 says`)).toBeDefined();
    expect(outsideReference(`see ${SHARED}/guide`)).toBeDefined();
    expect(outsideReference(`RFC 6749 ${SECTION}2.3.1: each part form-encoded`)).toBeUndefined();
    expect(outsideReference('a refused request changes nothing')).toBeUndefined();
  });

  it('no file points at a document outside it', () => {
    const found: string[] = [];
    for (const file of repositoryFiles()) {
      let text: string;
      try {
        text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      } catch {
        continue; // listed but deleted in the working tree
      }
      if (text.includes('\0')) continue; // binary
      text.split('\n').forEach((line, index) => {
        const why = outsideReference(line);
        if (why) found.push(`${file}:${index + 1}: ${why}: ${line.trim()}`);
      });
    }
    expect(found, 'state the rule in words instead').toEqual([]);
  });
});
