import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePgliteTemplate } from '../src/db/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dump of a migrated PGlite; each test file starts its database from it. */
    pgliteTemplate: string;
  }
}

/** Runs once per test run: migrate one PGlite and dump it for every test file to load. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gds-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  await writePgliteTemplate(file);
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
