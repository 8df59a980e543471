import { expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { createDatabase } from '../../src/db/database.ts';
import { call } from '../helpers/contract-call.ts';
import { createTestApp } from '../helpers/test-app.ts';

it('with the database unreachable, requests fail fast with 503 and a generic body', async () => {
  // Nothing listens on port 9: every connection attempt is refused.
  const db = createDatabase({ kind: 'postgres', url: 'postgres://nobody:x@127.0.0.1:9/none' });
  const app = await createTestApp(db);
  const response = await call(app, ENDPOINTS.getTeamInfo, {
    cookie: `gds_session=${'a'.repeat(43)}`,
  });
  expect(response.statusCode).toBe(503);
  expect(response.error()).toEqual({
    code: 'SERVICE_UNAVAILABLE',
    message: 'The service is briefly unavailable. Please try again.',
  });
  expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/);
  // a route that needs no database still answers
  expect((await call(app, ENDPOINTS.getConfig)).statusCode).toBe(200);
  await app.close();
  await db.destroy();
});
