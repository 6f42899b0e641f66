// `npm run faults`: what Vitalia does when things break under it. Each scenario runs the built
// server on a PostgreSQL database made for it (dropped afterwards), sends traffic only to
// 127.0.0.1 for a bounded time, breaks something, then checks what a person would care about.
// It prints what it saw and exits 1 if a check failed.
//
// The database scenario restarts this machine's PostgreSQL (pg_ctlcluster, as root): run it when
// nothing else needs the database for a few seconds.
//
//   npm run faults                       all three
//   npm run faults -- --only=kill,smtp   some: database, kill, smtp
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from '../build-state.mjs';
import { registerAndConfirm } from '../lib/registration.mjs';
import {
  chosenParts,
  databaseUrlFor,
  freePort,
  readingBody,
  withClient,
} from '../lib/local-run.mjs';

const adminUrl =
  process.env.FAULTS_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const { wanted } = chosenParts(process.argv);
const main = path.join(root, 'apps/server/dist/main.js');
const failures = [];
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function check(what, ok, detail = '') {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures.push(what);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshDatabase() {
  const name = `vitalia_faults_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: () =>
      withClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ),
  };
}

async function startServer(databaseUrl, extraEnv = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-faults-'));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: crypto.randomBytes(48).toString('base64'),
      STORE_PICKUP_ADDRESS: '14 Admiralty Way, Lekki Phase 1, Lagos',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`the server exited on start: ${log}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the server did not start: ${log}`);
    await sleep(100);
  }
  return {
    url,
    dataDir,
    child,
    log: () => log,
    exited: new Promise((resolve) => child.once('exit', resolve)),
  };
}

let addresses = 0;
async function call(
  base,
  method,
  pathname,
  { token, body, headers = {}, timeoutMs = 15_000 } = {},
) {
  const started = performance.now();
  try {
    const answer = await fetch(`${base}${pathname}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await answer.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { unparsed: text.slice(0, 200) };
    }
    return { status: answer.status, body: json, ms: performance.now() - started };
  } catch (error) {
    return {
      status: error.name === 'TimeoutError' ? 'timeout' : 'network',
      body: null,
      ms: performance.now() - started,
    };
  }
}

async function register(server) {
  addresses += 1;
  const username = `faults-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const made = await registerAndConfirm({
    base: server.url,
    dataDir: server.dataDir,
    username,
    password: 'faults are part of life',
    headers: { 'x-forwarded-for': `10.66.${addresses >> 8}.${addresses & 255}` },
  });
  return { username, token: made.token };
}

const tally = (statuses) =>
  Object.entries(
    statuses.reduce((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}),
  )
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');

// ---------------------------------------------------------------------------------------------

async function databaseRestart() {
  console.log('\n== PostgreSQL restarted under load');
  const database = await freshDatabase();
  const server = await startServer(database.url);
  try {
    const person = await register(server);
    const saved = [];
    const statuses = [];
    const slowest = { unavailable: 0, any: 0 };
    let running = true;
    let sequence = 0;
    const worker = async () => {
      while (running) {
        sequence += 1;
        const value = String(90 + (sequence % 10));
        const answer = await call(server.url, 'POST', '/api/v1/records/health', {
          token: person.token,
          body: readingBody('SPO2Value', value),
        });
        statuses.push(answer.status);
        slowest.any = Math.max(slowest.any, answer.ms);
        if (answer.status === 503) slowest.unavailable = Math.max(slowest.unavailable, answer.ms);
        if (answer.status === 201) saved.push(answer.body.id);
        else await sleep(50);
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    await sleep(3000);
    const cluster = fs.readdirSync('/etc/postgresql')[0];
    const outageStarted = performance.now();
    execFileSync('pg_ctlcluster', [
      '--skip-systemctl-redirect',
      cluster,
      'main',
      'stop',
      '-m',
      'fast',
    ]);
    await sleep(3000);
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'start']);
    const outage = performance.now() - outageStarted;
    await sleep(4000);
    running = false;
    await Promise.all(workers);
    const ready = await call(server.url, 'GET', '/readyz');
    const stored = await withClient(database.url, async (client) => {
      const { rows } = await client.query(
        'select id from health_records where id = any($1::uuid[])',
        [saved],
      );
      return rows.length;
    });
    console.log(
      `  ${statuses.length} writes over the run, outage ${(outage / 1000).toFixed(1)} s; answers ${tally(statuses)}`,
    );
    check(
      'no answer was a 500 or a hang',
      statuses.every((s) => s === 201 || s === 503),
      tally(statuses),
    );
    check('writes during the outage answered 503', statuses.includes(503));
    check(
      'each 503 came quickly (under 6 s, the pool waits 5 s for a connection)',
      slowest.unavailable < 6000,
      `slowest 503 took ${Math.round(slowest.unavailable)} ms`,
    );
    check('the server kept running', server.child.exitCode === null);
    check('service resumed without a restart', ready.status === 200 && statuses.at(-1) === 201);
    check(
      'every write answered 201 is in the database',
      stored === saved.length,
      `${stored} of ${saved.length}`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await database.drop();
  }
}

async function killedWhileOrdering() {
  console.log('\n== The server killed with SIGKILL while orders are placed');
  const database = await freshDatabase();
  let server = await startServer(database.url);
  try {
    const slug = 'digital-thermometer';
    const startStock = await withClient(database.url, async (client) => {
      await client.query('update products set stock = 500 where slug = $1', [slug]);
      return 500;
    });
    const buyers = [];
    for (let n = 0; n < 6; n += 1) buyers.push(await register(server));
    // An order needs a confirmed address (docs/decisions/0023-order-mail.md).
    await withClient(database.url, (client) =>
      client.query('update users set email_verified_at = now() where username = any($1)', [
        buyers.map((buyer) => buyer.username),
      ]),
    );
    const catalogue = await call(server.url, 'GET', '/api/v1/store/products?limit=50', {
      token: buyers[0].token,
    });
    const product = catalogue.body.items.find((item) => item.productName === 'Digital thermometer');
    if (!product) throw new Error('the demo catalogue has no digital thermometer');
    const statuses = [];
    let running = true;
    const worker = async (buyer) => {
      while (running) {
        const answer = await call(server.url, 'POST', '/api/v1/store/orders', {
          token: buyer.token,
          headers: { 'idempotency-key': crypto.randomUUID() },
          body: {
            fulfilment: 'pickup',
            items: [{ productID: product.productID, count: 1 }],
            contact: {
              firstName: 'Ada',
              surname: 'Obi',
              phone: '+234 803 555 0101',
              email: 'ada@example.com',
            },
          },
          timeoutMs: 5000,
        });
        statuses.push(answer.status);
        if (answer.status === 'network') break;
      }
    };
    const workers = buyers.map(worker);
    await sleep(2500);
    server.child.kill('SIGKILL');
    await server.exited;
    running = false;
    await Promise.all(workers);
    server = await startServer(database.url);
    const { stock, sold, orphans } = await withClient(database.url, async (client) => {
      const stockRow = await client.query('select stock from products where slug = $1', [slug]);
      const soldRow = await client.query(
        `select coalesce(sum(l.count), 0)::int as sold from order_lines l
         join orders o on o.id = l.order_id join products p on p.id = l.product_id
         where p.slug = $1 and o.status <> 'cancelled'`,
        [slug],
      );
      const orphanRow = await client.query(
        'select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)',
      );
      return {
        stock: stockRow.rows[0].stock,
        sold: soldRow.rows[0].sold,
        orphans: orphanRow.rows[0].n,
      };
    });
    console.log(`  answers before the kill: ${tally(statuses)}; stock ${stock}, sold ${sold}`);
    check(
      'stock plus sold equals the starting stock',
      stock + sold === startStock,
      `${stock} + ${sold} vs ${startStock}`,
    );
    check('no order is without its lines', orphans === 0, `${orphans} orphaned`);
    check('some orders were placed before the kill', sold > 0);

    // SIGTERM: requests under way finish before the process exits.
    const person = await register(server);
    const inFlight = Array.from({ length: 8 }, () =>
      call(server.url, 'POST', '/api/v1/identity/login', {
        body: { Username: person.username, password: 'faults are part of life' },
        headers: { 'x-forwarded-for': `10.65.0.${Math.floor(Math.random() * 250)}` },
      }),
    );
    await sleep(30);
    server.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    const code = await server.exited;
    check(
      'on SIGTERM the sign-ins under way were answered before exit',
      answers.every((a) => a.status === 200 || a.status === 429),
      tally(answers.map((a) => a.status)),
    );
    check('and the process exited cleanly', code === 0, `exit code ${code}`);
  } finally {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await database.drop();
  }
}

async function mailServerDown() {
  console.log('\n== The mail server is down');
  const database = await freshDatabase();
  const server = await startServer(database.url, {
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  });
  try {
    const username = `mail-down-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const made = await call(server.url, 'POST', '/api/v1/identity/register', {
      body: { Username: username, Password: 'faults are part of life' },
      headers: { 'x-forwarded-for': '10.64.0.2' },
    });
    check('registration still answered 202', made.status === 202, String(made.status));
    // A second mail: a second address registering (a reset of an address with no account yet
    // sends none).
    const second = await call(server.url, 'POST', '/api/v1/identity/register', {
      body: { Username: `second-${username}`, Password: 'faults are part of life' },
      headers: { 'x-forwarded-for': '10.64.0.1' },
    });
    check('a second registration still answered 202', second.status === 202, String(second.status));
    await sleep(1500);
    const lines = server
      .log()
      .split('\n')
      .filter((line) => line.includes('"mail"'));
    const retried = lines.filter((line) => line.includes('mail failed; will retry'));
    check(
      'each failed send is logged, with a retry to come',
      retried.length >= 2,
      `${retried.length} lines`,
    );
    check(
      'the log carries no link token',
      !/#token=|\/account\/reset\/[A-Za-z0-9_-]{20}/.test(server.log()),
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await database.drop();
  }
}

buildIfStale();
console.log(
  `Vitalia fault scenarios, ${new Date().toISOString()}, PostgreSQL at ${new URL(adminUrl).host}`,
);
try {
  if (wanted('database')) await databaseRestart();
  if (wanted('kill')) await killedWhileOrdering();
  if (wanted('smtp')) await mailServerDown();
} catch (error) {
  console.error(error);
  failures.push(String(error));
}
console.log(failures.length === 0 ? '\nAll checks held.' : `\n${failures.length} check(s) failed.`);
process.exit(failures.length === 0 ? 0 : 1);
