// The benchmark's yardstick: a bare Fastify route, started the way Vitalia's server is (a Node
// process of its own, pino logging one JSON line per request at info), so the ratio of the two
// shows what Vitalia's own work costs.
import Fastify from 'fastify';

const app = Fastify({ logger: { level: 'info' } });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
