/**
 * The bench's ceilings: Fastify and one pg pool, in a process of its own like the app.
 * "The one-query ceiling" (GET /) answers a signed-in read with a single prepared statement;
 * "the one-transaction ceiling" (PUT /write) makes the least a form write can: the session
 * read, then BEGIN, one UPDATE, its audit entry, COMMIT. A
 * signed-in read cannot cost less than one trip to PostgreSQL, and on this machine that trip,
 * not JavaScript, bounds the req/s; the bare node:http server makes no trip at all. Measured
 * beside bare in the same run, it tells how much of what is reachable with a database the app
 * gets, while the targets stay shares of bare. PostgreSQL only: PGlite runs inside the
 * server's process, so there is no separate database server to make the trip to.
 *
 * Nothing of the app is used: a yardstick that shares the app's code would move with it.
 * Environment: PORT, DATABASE_URL (the bench's database), SESSION_ID_HASH (the stored hash
 * of the seeded reads team's session cookie), WRITE_SESSION_ID_HASH (the writes team's).
 */
import Fastify from 'fastify';
import pg from 'pg';

const {
  DATABASE_URL: databaseUrl,
  SESSION_ID_HASH: sessionIdHash,
  WRITE_SESSION_ID_HASH: writeSessionIdHash,
} = process.env;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the bench’s PostgreSQL database.');
if (!sessionIdHash) throw new Error('Set SESSION_ID_HASH to the seeded session’s id hash.');
if (!writeSessionIdHash) throw new Error('Set WRITE_SESSION_ID_HASH to the writes team’s.');

// As the app's pool: ten connections kept open however idle, so neither side pays for
// opening connections or for the idle timer a smaller minimum arms on every release.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, min: 10 });

// Named, so each connection parses and plans it once and afterwards sends only the name and
// the value: the least a signed-in read can ask of the database. Every join is by primary key.
const SESSION_WITH_TEAM = {
  name: 'ceiling_session_with_team',
  text: `SELECT t.id AS team_id, t.name AS team_name, t.plan_id,
                u.id AS user_id, u.email, u.name AS user_name
           FROM sessions s
           JOIN users u ON u.id = s.user_id
           JOIN teams t ON t.id = u.team_id
          WHERE s.id_hash = $1`,
  values: [sessionIdHash],
};

interface Row {
  team_id: string;
  team_name: string;
  plan_id: string;
  user_id: string;
  email: string;
  user_name: string;
}

const text = { type: 'string' } as const;
const object = (properties: Record<string, typeof text>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

const app = Fastify({ logger: false });
app.get(
  '/',
  {
    // A response schema, as the app has: Fastify then writes the answer with a compiled writer.
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            team: object({ id: text, name: text, planId: text }),
            user: object({ id: text, email: text, name: text }),
          },
        },
        404: object({ error: text }),
      },
    },
  },
  async (_request, reply) => {
    const { rows } = await pool.query<Row>(SESSION_WITH_TEAM);
    const row = rows[0];
    // No row means the bench seeded something else: a 404 makes its run fail, not pass.
    if (!row) return reply.code(404).send({ error: 'The seeded session was not found.' });
    return {
      team: { id: row.team_id, name: row.team_name, planId: row.plan_id },
      user: { id: row.user_id, email: row.email, name: row.user_name },
    };
  },
);

// The write: each statement named like the read, each its own round trip as in any
// transaction the app opens.
const RENAME = { name: 'ceiling_rename', text: 'UPDATE teams SET name = $1 WHERE id = $2' };
const AUDIT = {
  name: 'ceiling_audit',
  text: `INSERT INTO audit_log (team_id, actor_user_id, action, details)
         VALUES ($1, $2, 'team.rename', $3::jsonb)`,
};

app.put(
  '/write',
  { schema: { response: { 200: object({ id: text, name: text }), 404: object({ error: text }) } } },
  async (_request, reply) => {
    const { rows } = await pool.query<Row>({
      ...SESSION_WITH_TEAM,
      values: [writeSessionIdHash],
    });
    const row = rows[0];
    if (!row) return reply.code(404).send({ error: 'The seeded session was not found.' });
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query({ ...RENAME, values: ['Bench ceiling team', row.team_id] });
      await client.query({
        ...AUDIT,
        values: [row.team_id, row.user_id, JSON.stringify({ to: 'Bench ceiling team' })],
      });
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    return { id: row.team_id, name: 'Bench ceiling team' };
  },
);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
