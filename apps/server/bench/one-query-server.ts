/**
 * The bench's second yardstick, "the one-query ceiling": Fastify and one pg pool answering a
 * signed-in read with a single prepared statement, in its own process like the app. A
 * signed-in read cannot cost less than one trip to PostgreSQL, and on this machine that trip,
 * not JavaScript, bounds the req/s; the bare node:http server makes no trip at all. Measured
 * beside bare in the same run, it tells how much of what is reachable with a database the app
 * gets, while the targets stay shares of bare. PostgreSQL only: PGlite runs inside the
 * server's process, so there is no separate database server to make the trip to.
 *
 * Nothing of the app is used: a yardstick that shares the app's code would move with it.
 * Environment: PORT, DATABASE_URL (the bench's database), SESSION_ID_HASH (the stored hash
 * of the seeded reads team's session cookie).
 */
import Fastify from 'fastify';
import pg from 'pg';

const { DATABASE_URL: databaseUrl, SESSION_ID_HASH: sessionIdHash } = process.env;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the bench’s PostgreSQL database.');
if (!sessionIdHash) throw new Error('Set SESSION_ID_HASH to the seeded session’s id hash.');

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

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
