// The benchmark's yardstick: a bare Fastify route, started the way Vitalia's server is (a Node
// process of its own, pino logging one JSON line per request at info), so the ratio of the two
// shows what Vitalia's own work costs.
//
// Given DATABASE_URL it also answers /one-query and /two-queries: the same bare route with one or
// two round trips to PostgreSQL (`select 1` as a named prepared statement, on a pool of 10 like
// Vitalia's). They are the floor of any database-backed read on the machine: what the round trips
// alone cost, before any work of Vitalia's.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: { level: 'info' } });
app.get('/hello', async () => ({ hello: 'world' }));

if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const one = { name: 'yardstick_one', text: 'select 1 as one' };
  app.get('/one-query', async () => (await pool.query(one)).rows[0]);
  app.get('/two-queries', async () => {
    await pool.query(one);
    return (await pool.query(one)).rows[0];
  });
  app.addHook('onClose', () => pool.end());
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
