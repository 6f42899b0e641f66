// `npm run bench`: figures for docs/performance.md. Everything runs on this machine against
// 127.0.0.1: the built server on PostgreSQL (a database made for the run and dropped after it),
// load from autocannon in this process, which is not the server's. Each comparison is made inside
// one run so that the machine's noise falls on both sides. It prints figures; it asserts nothing.
//
//   npm run bench                      everything (loads 10M readings: a few minutes)
//   npm run bench -- --only=read,web   some parts: read, hooks, storm, import, paging, embedded,
//                                      startup, web, lighthouse
//   npm run bench -- --only=soak       ten minutes at a steady rate, memory sampled (not in 'all')
//   BENCH_ROWS=1000000 npm run bench   a smaller table for a quick look
//   BENCH_SECONDS=10                   the length of each load (default 10)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale, root } from '../build-state.mjs';
import { registerAndConfirm } from '../lib/registration.mjs';
import {
  chosenParts,
  databaseUrlFor,
  freePort,
  readingBody,
  withClient,
} from '../lib/local-run.mjs';
import { startupTimes } from './startup.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const tableRows = Number(process.env.BENCH_ROWS ?? 10_000_000);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const { only, wanted } = chosenParts(process.argv);
const runStamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
const benchResults = path.join(root, 'bench-results');
fs.mkdirSync(benchResults, { recursive: true });

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

// ---------------------------------------------------------------------------------------------
// Processes and calls

function startProcess(script, env, port) {
  // A variable given as undefined is left out, whatever this shell has set.
  const merged = { ...process.env, ...env, PORT: String(port) };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  children.add(child);
  child.on('exit', () => children.delete(child));
  return { child, stderr: () => stderr, port, url: `http://127.0.0.1:${port}` };
}

/** Milliseconds from now until `url` first answers 200, polling every 10 ms. */
async function firstAnswer(url, child, limitMs = 120_000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const answer = await fetch(url);
      if (answer.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer within ${limitMs} ms`);
}

async function stop(server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function api(base, method, pathname, { token, body, from } = {}) {
  const answer = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(from ? { 'x-forwarded-for': from } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  const json = text ? JSON.parse(text) : null;
  if (!answer.ok) throw new Error(`${method} ${pathname}: ${answer.status} ${text}`);
  return json;
}

const benchPassword = 'a benchmark passphrase 2026';

let registrations = 0;
async function register(base, name, outboxOf = dataDir) {
  const Username = `${name}-${crypto.randomUUID().slice(0, 8)}@bench.example`;
  // Each from an address of its own: the server allows 20 new accounts an address an hour.
  registrations += 1;
  const made = await registerAndConfirm({
    base,
    dataDir: outboxOf,
    username: Username,
    password: benchPassword,
    headers: { 'x-forwarded-for': `10.77.${registrations >> 8}.${registrations & 255}` },
  });
  return {
    username: Username,
    token: made.token,
    refreshToken: made.refreshToken,
    userId: made.userID,
  };
}

const reading = readingBody;

function load(options) {
  return autocannon({ connections: 10, duration: seconds, ...options });
}

function summary(result) {
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed,
  };
}

// autocannon measures whole milliseconds: a 0 means under one.
const ms = (value) => (value < 1 ? '<1 ms' : `${Number(value).toFixed(0)} ms`);
const ratio = (a, b) => (b === 0 ? 'n/a (under 1 ms)' : (a / b).toFixed(2));
const printed = {};
function report(section, lines) {
  printed[section] = lines;
  console.log(`\n== ${section}`);
  for (const [label, value] of Object.entries(lines)) console.log(`  ${label.padEnd(44)} ${value}`);
}

function peakMemoryMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const withAdmin = (work) => withClient(adminUrl, work);
const databaseUrl = (name) => databaseUrlFor(adminUrl, name);

/**
 * Fills health_records to `total` rows with generate_series: `heavy` readings for one person, a
 * thousand for another, the rest spread over ten thousand others. Batches of a million, so a
 * long load shows progress.
 */
async function loadReadings(url, { heavyId, lightId, total }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tags = `array['SPO2Value','Pulse Value','Temperature','BMI','Cholesterol Value']`;
  const values = `array['97','64','36.7','23.4','180']`;
  const rowsFor = (userExpr, from, to) => `
    insert into health_records (user_id, tag, tag_value, taken_at)
    select ${userExpr}, (${tags})[1 + g % 5], (${values})[1 + g % 5],
           now() - (g::double precision / ${to}) * interval '3 years' - (random() * interval '1 hour')
    from generate_series(${from}, ${to}) g`;
  try {
    await client.query(`insert into users (username)
      select 'bench-filler-' || g || '@bench.example' from generate_series(1, 10000) g`);
    await client.query(`create temporary table fillers as
      select id, row_number() over (order by id) - 1 as n from users
      where username like 'bench-filler-%'`);
    await client.query(rowsFor(`'${heavyId}'::uuid`, 1, 100_000));
    await client.query(rowsFor(`'${lightId}'::uuid`, 1, 1_000));
    const rest = Math.max(0, total - 101_000);
    const batch = 1_000_000;
    for (let from = 1; from <= rest; from += batch) {
      const to = Math.min(rest, from + batch - 1);
      await client.query(`
        insert into health_records (user_id, tag, tag_value, taken_at)
        select f.id, (${tags})[1 + g % 5], (${values})[1 + g % 5],
               now() - random() * interval '3 years'
        from generate_series(${from}, ${to}) g join fillers f on f.n = g % 10000`);
      process.stdout.write(`  loaded ${(to + 101_000).toLocaleString('en')} readings\r`);
    }
    await client.query('analyze health_records');
    const { rows } = await client.query('select count(*)::bigint as n from health_records');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Parts

/** The everyday reads, each a person's own data behind their access token. */
const readPaths = {
  'newest reading': '/api/v1/records/health?tag=SPO2Value',
  'history page (50)': '/api/v1/records/healths?tag=SPO2Value&limit=50',
  analysis: '/api/v1/records/analysis',
};

/** Readings enough for a full history page of 50, and some of every kind for the analysis. */
async function giveReadings(base, person) {
  const each = [
    ['Pulse Value', '64'],
    ['Temperature', '36.7'],
    ['Blood-sugar', '95'],
    ['Cholesterol Value', '180'],
  ];
  for (const [tag, value] of each) {
    await api(base, 'POST', '/api/v1/records/health', {
      token: person.token,
      body: reading(tag, value),
    });
  }
  await api(base, 'POST', '/api/v1/records/health', {
    token: person.token,
    body: { ...reading('Systolic', '118'), MinTag: 'Diastolic', MinTagValue: '76' },
  });
  for (let n = 0; n < 60; n += 1) {
    await api(base, 'POST', '/api/v1/records/health', {
      token: person.token,
      body: reading('SPO2Value', String(95 + (n % 4))),
    });
  }
}

const figures = (result) =>
  `${result.reqPerSec} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`;

/** A p99 as a multiple of the floor's; under autocannon's 1 ms resolution a 0 floor reads as 1. */
const p99Ratio = (result, floor) => ratio(result.p99, Math.max(1, floor.p99));

/** CPU time (user and system, in clock ticks of 10 ms) a process has used so far; 0 once gone. */
function cpuTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving the bench's database, the asking connection left out. */
const backendsOf = (name) =>
  withAdmin(async (client) =>
    (
      await client.query(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
    ).rows.map((row) => row.pid),
  );

/**
 * A load, with the CPU the server process and PostgreSQL's backends spent on it, per request: on
 * two shared cores a route's throughput follows what it costs each of them.
 */
async function loadWithCpu(serverPid, options) {
  const before = new Map();
  for (const pid of [serverPid, ...(await backendsOf(databaseName))]) {
    before.set(pid, cpuTicks(pid));
  }
  const result = summary(await load(options));
  const backends = await backendsOf(databaseName);
  const spent = (pid) => cpuTicks(pid) - (before.get(pid) ?? 0);
  // Clock ticks are 10 ms (USER_HZ 100 on Linux).
  const perRequest = (ticks) => (result.requests === 0 ? 0 : (ticks * 10_000) / result.requests);
  return {
    ...result,
    serverMicros: perRequest(spent(serverPid)),
    databaseMicros: perRequest(backends.reduce((sum, pid) => sum + spent(pid), 0)),
  };
}

const cpuFigures = (result) =>
  `server ${result.serverMicros.toFixed(0)} µs, PostgreSQL ${result.databaseMicros.toFixed(0)} µs`;

async function readsVersusFloor(vitalia, hello, person) {
  const headers = { authorization: `Bearer ${person.token}` };
  // One warm-up each, so no side pays for its first connections in the figures.
  for (const url of ['/hello', '/one-query'])
    await load({ url: `${hello.url}${url}`, duration: 2 });
  for (const pathname of Object.values(readPaths)) {
    await load({ url: `${vitalia.url}${pathname}`, headers, duration: 2 });
  }
  const bare = summary(await load({ url: `${hello.url}/hello` }));
  const floor = await loadWithCpu(hello.child.pid, { url: `${hello.url}/one-query` });
  const reads = {};
  for (const [name, pathname] of Object.entries(readPaths)) {
    reads[name] = await loadWithCpu(vitalia.child.pid, {
      url: `${vitalia.url}${pathname}`,
      headers,
    });
  }
  const lines = {
    'bare route': figures(bare),
    // The floor: the bare route with one round trip to PostgreSQL and nothing else.
    'floor: bare route + one prepared select 1': figures(floor),
    '  floor: CPU per request': cpuFigures(floor),
  };
  for (const [name, result] of Object.entries(reads)) {
    lines[name] = figures(result);
    lines[`  ${name}: share of floor (target >= 0.80)`] = ratio(result.reqPerSec, floor.reqPerSec);
    lines[`  ${name}: p99 / floor p99 (target <= 2)`] = p99Ratio(result, floor);
    lines[`  ${name}: CPU per request`] = cpuFigures(result);
  }
  lines['failed requests (reads, floor, bare)'] =
    `${Object.values(reads).reduce((sum, result) => sum + result.failed, 0)}, ${floor.failed}, ${bare.failed}`;
  report('Authenticated reads vs the one-round-trip floor (10 connections, pool of 10)', lines);
}

/**
 * What each piece of per-request work costs: the floor route with the server's own code for that
 * piece added, against the floor route alone. The cost is the extra time per request at full load
 * (1/rate with it minus 1/rate without), in microseconds. The machine's speed drifts by more than
 * most parts cost, so each part is measured in turns with the floor (floor, part, floor, part),
 * the floor's process running throughout, and compared with the floor's runs beside it; a few
 * microseconds either way is still noise.
 */
async function hookCosts(person, jwtSecret) {
  const yardstick = path.join(root, 'apps/server/dist/hook-yardstick.js');
  const headers = { authorization: `Bearer ${person.token}` };
  const rounds = 2;
  const duration = Math.max(3, Math.round(seconds / 2));
  const start = async (hooks, logLevel = 'info') => {
    const server = startProcess(
      yardstick,
      {
        DATABASE_URL: databaseUrl(databaseName),
        JWT_SECRET: jwtSecret,
        HOOKS: hooks,
        LOG_LEVEL: logLevel,
      },
      await freePort(),
    );
    await firstAnswer(`${server.url}/ready`, server.child).catch((error) => {
      throw new Error(
        `the yardstick did not start: ${error.message} ${server.stderr().slice(-1000)}`,
      );
    });
    await load({ url: `${server.url}/one-query`, headers, duration: 2 });
    return server;
  };
  const once = async (server) =>
    summary(await load({ url: `${server.url}/one-query`, headers, duration }));
  const microsPerRequest = (results) =>
    results.reduce((sum, result) => sum + 1e6 / result.reqPerSec, 0) / results.length;
  const floorServer = await start('');
  // The parts are the yardstick's to name (apps/server/src/bench/hook-yardstick.ts).
  const hookParts = await (await fetch(`${floorServer.url}/parts`)).json();
  const lines = {};
  try {
    const compare = async (label, hooks, logLevel) => {
      const server = await start(hooks, logLevel);
      try {
        const floors = [];
        const parts = [];
        for (let round = 0; round < rounds; round += 1) {
          floors.push(await once(floorServer));
          parts.push(await once(server));
        }
        const last = parts.at(-1);
        const cost = microsPerRequest(parts) - microsPerRequest(floors);
        lines[label] =
          `${Math.round(1e6 / microsPerRequest(parts))} req/s against ${Math.round(1e6 / microsPerRequest(floors))}, p99 ${ms(last.p99)}; ${cost.toFixed(0)} µs a request`;
      } finally {
        await stop(server);
      }
    };
    // The floor logs two lines a request, as Fastify does by default; without them:
    await compare('floor without its two log lines', '', 'warn');
    for (const part of hookParts) await compare(`+ ${part}`, part);
    await compare('+ all of them', 'all');
  } finally {
    await stop(floorServer);
  }
  report(
    `Per-request work on the floor route, one part at a time, in turns with the floor (${rounds} x ${duration} s each, 10 connections)`,
    lines,
  );
}

async function signInStorm(vitalia, person) {
  const headers = { authorization: `Bearer ${person.token}` };
  const readUrl = `${vitalia.url}/api/v1/records/health?tag=SPO2Value`;
  // Sixteen people signing in over and over, not one: attempts on one account from one address
  // are counted while they run (decision 0009), so sixteen at once on one account meet the limit.
  const stormers = [];
  for (let n = 0; n < 16; n += 1) stormers.push(await register(vitalia.url, `storm${n}`));
  let turn = 0;
  const quiet = summary(await load({ url: readUrl, headers, connections: 4 }));
  const memoryBefore = peakMemoryMb(vitalia.child.pid);
  const [storm, reads] = await Promise.all([
    load({
      url: `${vitalia.url}/api/v1/identity/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              Username: stormers[turn++ % stormers.length].username,
              password: benchPassword,
            }),
          }),
        },
      ],
      connections: 16,
    }),
    load({ url: readUrl, headers, connections: 4 }),
  ]);
  const during = summary(reads);
  const signIns = summary(storm);
  report('Sign-in storm (argon2id m=19 MiB t=2 p=1, 16 connections) and reads (4 connections)', {
    'sign-ins per second': signIns.reqPerSec,
    'sign-in p50 / p99': `${ms(signIns.p50)} / ${ms(signIns.p99)}`,
    'failed sign-ins': signIns.failed,
    'reads p99 without the storm': ms(quiet.p99),
    'reads p99 during the storm': ms(during.p99),
    'ratio (target <= 2)': ratio(during.p99, quiet.p99),
    'reads req/s without / during': `${quiet.reqPerSec} / ${during.reqPerSec}`,
    'server peak memory before / after storm': `${memoryBefore} MB / ${peakMemoryMb(vitalia.child.pid)} MB`,
  });
}

/**
 * One person imports a file of 100,000 readings (50,000 rows of SYS, DIA and Pulse; a preview,
 * then the import) while another reads their profile without pause: the other person's p99
 * beside the same reads with no import (decision 0031, "one person's import never stalls
 * everyone").
 */
async function importWhileOthersRead(vitalia, person) {
  const importer = await register(vitalia.url, 'importer');
  const rows = [];
  const start = Date.UTC(2024, 0, 1);
  for (let n = 0; n < 50_000; n += 1) {
    const at = new Date(start + n * 17 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
    rows.push(`${at},${110 + (n % 30)},${70 + (n % 15)},${60 + (n % 25)}`);
  }
  const file = `Date,SYS,DIA,Pulse\n${rows.join('\n')}\n`;
  const query =
    'timeColumn=0&columns=1:systolic,2:diastolic,3:pulse&timeZone=Africa/Lagos&fileName=bench.csv';
  const readUrl = `${vitalia.url}/api/v1/identity/profile`;
  const headers = { authorization: `Bearer ${person.token}` };
  const quiet = summary(await load({ url: readUrl, headers, connections: 4 }));
  const memoryBefore = peakMemoryMb(vitalia.child.pid);
  const reads = load({ url: readUrl, headers, connections: 4, duration: 600 });
  const send = async (pathname) => {
    const started = performance.now();
    const answer = await fetch(`${vitalia.url}${pathname}?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${importer.token}`, 'content-type': 'text/csv' },
      body: file,
    });
    const body = await answer.json();
    if (!answer.ok)
      throw new Error(`${pathname} answered ${answer.status}: ${JSON.stringify(body)}`);
    return { seconds: (performance.now() - started) / 1000, body };
  };
  const previewed = await send('/api/v1/records/import/preview');
  const imported = await send('/api/v1/records/import');
  reads.stop();
  const during = summary(await reads);
  report('Import of 100,000 readings by one person while another reads (4 connections)', {
    'preview / import': `${previewed.seconds.toFixed(1)} s / ${imported.seconds.toFixed(1)} s (${imported.body.added.toLocaleString('en')} added)`,
    "other's reads p50 / p99 without an import": `${ms(quiet.p50)} / ${ms(quiet.p99)}`,
    "other's reads p50 / p99 during it": `${ms(during.p50)} / ${ms(during.p99)}`,
    "other's failed reads during it": during.failed,
    'server peak memory before / after': `${memoryBefore} MB / ${peakMemoryMb(vitalia.child.pid)} MB`,
  });
}

/** Cursors spread through a person's whole history, so the load reads early and late pages. */
async function cursorsThrough(base, token, wantedCount) {
  const cursors = [null];
  let cursor = null;
  const pages = [];
  for (;;) {
    const query = `?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await api(base, 'GET', `/api/v1/records/healths${query}`, { token });
    if (!page.nextCursor) break;
    pages.push(page.nextCursor);
    cursor = page.nextCursor;
  }
  const step = Math.max(1, Math.floor(pages.length / wantedCount));
  for (let index = step - 1; index < pages.length; index += step) cursors.push(pages[index]);
  return { cursors, pages: pages.length + 1 };
}

async function historyPaging(vitalia, heavy, light) {
  const heavyCursors = await cursorsThrough(vitalia.url, heavy.token, 40);
  const lightCursors = await cursorsThrough(vitalia.url, light.token, 40);
  const pageLoad = (person, cursors) => {
    let next = 0;
    return load({
      url: vitalia.url,
      headers: { authorization: `Bearer ${person.token}` },
      requests: [
        {
          setupRequest: (request) => {
            const cursor = cursors[next++ % cursors.length];
            return {
              ...request,
              path: `/api/v1/records/healths?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
            };
          },
        },
      ],
    });
  };
  const lightRun = summary(await pageLoad(light, lightCursors.cursors));
  const heavyRun = summary(await pageLoad(heavy, heavyCursors.cursors));
  report('History paging, 50 a page, pages from the whole history (10 connections)', {
    'person with 1k readings: req/s': lightRun.reqPerSec,
    'person with 1k readings: p50 / p99': `${ms(lightRun.p50)} / ${ms(lightRun.p99)}`,
    'person with 100k readings: req/s': heavyRun.reqPerSec,
    'person with 100k readings: p50 / p99': `${ms(heavyRun.p50)} / ${ms(heavyRun.p99)}`,
    'p99 ratio 100k / 1k (target <= 1.5)': ratio(heavyRun.p99, lightRun.p99),
    'failed requests (1k, 100k)': `${lightRun.failed}, ${heavyRun.failed}`,
  });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function embeddedDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-bench-embedded-'));
  const env = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined,
    TRUST_PROXY: 'true',
  };
  // Free ports, not fixed ones: other runs (journeys, another bench) may hold the usual ones.
  const port = await freePort();
  const main = path.join(root, 'apps/server/dist/main.js');
  try {
    let server = startProcess(main, env, port);
    const firstStart = await firstAnswer(`${server.url}/readyz`, server.child);
    await stop(server);
    server = startProcess(main, env, port);
    const laterStart = await firstAnswer(`${server.url}/readyz`, server.child);

    const person = await register(server.url, 'embedded', dataDir);
    const times = { signIn: [], record: [], read: [] };
    const rounds = 50;
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      let at = performance.now();
      const session = await api(server.url, 'POST', '/api/v1/identity/login', {
        body: { Username: person.username, password: benchPassword },
      });
      times.signIn.push(performance.now() - at);
      at = performance.now();
      await api(server.url, 'POST', '/api/v1/records/health', {
        token: session.token,
        body: reading('Pulse Value', String(60 + (round % 20))),
      });
      times.record.push(performance.now() - at);
      at = performance.now();
      await api(server.url, 'GET', '/api/v1/records/analysis', { token: session.token });
      times.read.push(performance.now() - at);
    }
    const roundsPerSecond = rounds / ((performance.now() - started) / 1000);
    const reads = summary(
      await load({
        url: `${server.url}/api/v1/records/health?tag=Pulse%20Value`,
        headers: { authorization: `Bearer ${person.token}` },
      }),
    );
    await stop(server);
    report('Embedded database (PGlite)', {
      'npm start, built, new data folder: first answer': ms(firstStart),
      'npm start, built, existing data: first answer': ms(laterStart),
      'sign-in p50 / p99 (one at a time)': `${ms(percentile(times.signIn, 50))} / ${ms(percentile(times.signIn, 99))}`,
      'record p50 / p99': `${ms(percentile(times.record, 50))} / ${ms(percentile(times.record, 99))}`,
      'analysis read p50 / p99': `${ms(percentile(times.read, 50))} / ${ms(percentile(times.read, 99))}`,
      'sign-in + record + read rounds per second': roundsPerSecond.toFixed(1),
      'newest-reading reads req/s (10 connections)': reads.reqPerSec,
      'newest-reading reads p50 / p99': `${ms(reads.p50)} / ${ms(reads.p99)}`,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const benchChromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: benchChromiumArgs,
  });
}

/** The routes whose first load is weighed: the public pages, then two signed-in screens. */
const weighedRoutes = [
  { name: 'sign-in', pathname: '/account/signin', signedIn: false },
  { name: 'register', pathname: '/account/register', signedIn: false },
  { name: 'policy', pathname: '/policy', signedIn: false },
  { name: 'dashboard', pathname: '/', signedIn: true },
  { name: 'My Health', pathname: '/healths', signedIn: true },
];

/** A new browser context holding `person`'s session, as a sign-in leaves it (nothing else cached). */
async function signedInContext(browser, base, person) {
  const context = await browser.newContext();
  await context.addInitScript(
    ([access, refresh]) => {
      if (globalThis.localStorage.getItem('accessToken')) return;
      globalThis.localStorage.setItem('accessToken', access);
      globalThis.localStorage.setItem('refreshToken', refresh);
    },
    [person.token, person.refreshToken],
  );
  return context;
}

/**
 * What each route's first visit downloads: requests, and the scripts' and styles' bytes gzipped at
 * level 9 (as e2e/journeys/weight.spec.ts counts them) and as the server sent them (Brotli 11
 * copies made at build time, apps/web/scripts/precompress.mjs). A count of bytes, not a time.
 */
async function webWeight(vitalia, person) {
  const browser = await launchChromium();
  try {
    const lines = {};
    for (const route of weighedRoutes) {
      const context = route.signedIn
        ? await signedInContext(browser, vitalia.url, person)
        : await browser.newContext();
      const page = await context.newPage();
      const responses = [];
      page.on('response', (response) => responses.push(response));
      await page.goto(`${vitalia.url}${route.pathname}`, { waitUntil: 'networkidle' });
      const sizes = { script: [0, 0, 0, 0], stylesheet: [0, 0, 0, 0] };
      for (const response of responses) {
        const size = sizes[response.request().resourceType()];
        if (!size) continue;
        // Chromium sometimes no longer holds a body by the time it is asked for (seen with the
        // boot chunk); the same file is then read from the server, never counted as 0 bytes.
        const body = await response.body().catch(async () => {
          const again = await fetch(response.url());
          if (!again.ok) throw new Error(`${response.url()}: ${again.status} when read again`);
          return Buffer.from(await again.arrayBuffer());
        });
        size[0] += 1;
        size[1] += body.length;
        size[2] += zlib.gzipSync(body, { level: 9 }).length;
        size[3] += (await response.request().sizes()).responseBodySize;
      }
      const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
      lines[`${route.name}: requests (scripts, styles)`] =
        `${responses.length} (${sizes.script[0]}, ${sizes.stylesheet[0]})`;
      lines[`${route.name}: JS as built / gzip -9 / as sent`] =
        `${kb(sizes.script[1])} / ${kb(sizes.script[2])} / ${kb(sizes.script[3])}`;
      lines[`${route.name}: CSS as built / gzip -9 / as sent`] =
        `${kb(sizes.stylesheet[1])} / ${kb(sizes.stylesheet[2])} / ${kb(sizes.stylesheet[3])}`;
      await context.close();
    }
    lines['sign-in targets'] = 'JS <= 150 KB compressed, <= 15 requests';
    report('Web: what each route loads on a first visit', lines);
  } finally {
    await browser.close();
  }
}

/**
 * Issue 22's phone: 1.6 Mbps down, 750 kbps up, 150 ms latency, CPU slowed four times, applied
 * through the DevTools protocol to every page of the context (service worker fetches included, as
 * they leave through the same network stack).
 */
async function phoneProfile(page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 200_000,
    uploadThroughput: 93_750,
  });
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return devtools;
}

/** Milliseconds from the navigation's start until every locator is visible. */
async function timeUntilVisible(page, url, locators) {
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await Promise.all(locators(page).map((locator) => locator.waitFor({ timeout: 60_000 })));
  return performance.now() - started;
}

/**
 * Milliseconds from the navigation's start until React has taken the page over (createRoot and
 * hydrateRoot mark their container), that is until the pre-rendered form answers a press.
 */
async function timeUntilReact(page, url, locators) {
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await Promise.all(locators(page).map((locator) => locator.waitFor({ timeout: 60_000 })));
  await page.waitForFunction(
    () => {
      const root = globalThis.document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    },
    undefined,
    { timeout: 60_000, polling: 20 },
  );
  return performance.now() - started;
}

const signInForm = (page) => [
  page.getByRole('heading', { level: 1, name: 'Sign in' }),
  page.getByLabel('Email address'),
  page.getByLabel('Password', { exact: true }),
];
const dashboardContent = (page) => [page.getByRole('heading', { name: 'Your measures' })];

/**
 * A returning person's dashboard: milliseconds from the navigation's start until it shows, and
 * until the app's own screen has taken the place of the copy kept on the device, which is painted
 * before the app has run (apps/web/src/lib/offline/screen-snapshot.ts). Shown is when the browser
 * painted the heading of the measures, by its own Element Timing (the heading carries
 * elementtiming="dashboard-measures"), and also when this script saw it: a script in the page
 * sees it only once the main thread is free, which on the slowed CPU can be a few hundred
 * milliseconds after it is on screen.
 */
async function timeDashboard(page, url) {
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await Promise.all(dashboardContent(page).map((locator) => locator.waitFor({ timeout: 60_000 })));
  const seen = performance.now() - started;
  const shown = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list
            .getEntries()
            .find((element) => element.identifier === 'dashboard-measures');
          if (!entry) return;
          observer.disconnect();
          resolve(entry.renderTime || entry.loadTime);
        }).observe({ type: 'element', buffered: true });
      }),
  );
  await page.locator('#vitalia-screen-snapshot').waitFor({ state: 'detached', timeout: 60_000 });
  await page
    .locator('#root')
    .getByRole('heading', { name: 'Your measures' })
    .waitFor({ timeout: 60_000 });
  return { shown, seen, working: performance.now() - started };
}

/** An answered risk assessment, so that no dialog covers the dashboard. */
async function answerAssessment(base, person) {
  await api(base, 'PUT', '/api/v1/records/assessment', {
    token: person.token,
    body: {
      Smoke: false,
      Alcohol: false,
      RecreationalDrugs: false,
      SelfMedicate: false,
      HerbalConcotion: false,
      Illness: false,
      Cancer: false,
    },
  });
}

/**
 * Three runs each on the phone profile: the sign-in form on a first visit (nothing cached), and a
 * returning person's dashboard: second visit online (HTTP cache, the service worker and the kept
 * queries as they are), then the same with the network cut.
 */
async function phoneTimes(vitalia, person) {
  const browser = await launchChromium();
  const runs = 3;
  const times = {
    signIn: [],
    signInReact: [],
    warm: [],
    warmSeen: [],
    warmWorking: [],
    offline: [],
    offlineSeen: [],
    offlineWorking: [],
  };
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await phoneProfile(page);
      times.signIn.push(await timeUntilVisible(page, `${vitalia.url}/account/signin`, signInForm));
      await context.close();
      // Again on a new context, for the time until the form works.
      const usable = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const usablePage = await usable.newPage();
      await phoneProfile(usablePage);
      times.signInReact.push(
        await timeUntilReact(usablePage, `${vitalia.url}/account/signin`, signInForm),
      );
      await usable.close();
    }
    for (let run = 0; run < runs; run += 1) {
      const context = await signedInContext(browser, vitalia.url, person);
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await phoneProfile(page);
      // The first visit fills the caches; the service worker, once installed, takes the next one.
      await timeUntilVisible(page, `${vitalia.url}/`, dashboardContent);
      // Installed: the worker has precached the app (about 1.5 MB, several seconds at 1.6 Mbps)
      // and is active. Without this wait a run sometimes measured a visit the worker did not yet
      // serve, which is not the returning person the budget is for.
      await page.evaluate(() => globalThis.navigator.serviceWorker.ready.then(() => undefined));
      await page.waitForLoadState('networkidle');
      // The app writes what it keeps a second after its last change (saveKeptQueriesOnChange in
      // apps/web/src/lib/offline/query-persistence.ts); a visit sooner raced that write.
      await page.waitForTimeout(2000);
      const warm = await timeDashboard(page, `${vitalia.url}/`);
      times.warm.push(warm.shown);
      times.warmSeen.push(warm.seen);
      times.warmWorking.push(warm.working);
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      const offline = await timeDashboard(page, `${vitalia.url}/`).catch(() => ({
        shown: Number.NaN,
        seen: Number.NaN,
        working: Number.NaN,
      }));
      times.offline.push(offline.shown);
      times.offlineSeen.push(offline.seen);
      times.offlineWorking.push(offline.working);
      await context.close();
    }
    const shown = (values) =>
      values
        .map((value) => (Number.isNaN(value) ? 'not shown' : `${(value / 1000).toFixed(2)} s`))
        .join(', ');
    report('Phone profile (1.6 Mbps down, 750 kbps up, 150 ms latency, CPU 4x), three runs', {
      'sign-in heading and fields visible, cold (target < 2 s)': shown(times.signIn),
      'sign-in form working (React took it over), cold': shown(times.signInReact),
      'dashboard painted, returning person online (target < 1 s)': shown(times.warm),
      'dashboard seen by the test browser, online': shown(times.warmSeen),
      "dashboard working (the app's own screen), online": shown(times.warmWorking),
      'dashboard painted, returning person offline (target < 1 s)': shown(times.offline),
      'dashboard seen by the test browser, offline': shown(times.offlineSeen),
      "dashboard working (the app's own screen), offline": shown(times.offlineWorking),
    });
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's performance score (its default: a mid-range phone on a throttled 4G link) for the
 * sign-in page and for a signed-in person's dashboard, in Debian's Chromium.
 */
async function lighthouseScores(vitalia) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const person = await register(vitalia.url, 'lighthouse');
    const lines = {};
    for (const [name, pathname] of [
      ['sign-in', '/account/signin'],
      ['dashboard', '/'],
    ]) {
      // One page load, with its set-up; Lighthouse sometimes loses the trace of a load
      // (NO_NAVSTART), so a load that ends in a runtime error is tried once more, and a second
      // failure is printed as the error, never as a score of 0.
      const measure = async () => {
        const page = await browser.newPage();
        if (name === 'dashboard') {
          // The session a sign-in leaves, and an answered assessment so no dialog covers the page.
          await answerAssessment(vitalia.url, person);
          await page.goto(`${vitalia.url}/policy`);
          await page.evaluate(
            (access, refresh) => {
              globalThis.localStorage.setItem('accessToken', access);
              globalThis.localStorage.setItem('refreshToken', refresh);
            },
            person.token,
            person.refreshToken,
          );
          // Keeping storage keeps the HTTP cache too; the dashboard is measured as a first visit.
          const devtools = await page.createCDPSession();
          await devtools.send('Network.clearBrowserCache');
        }
        const result = await lighthouse(
          `${vitalia.url}${pathname}`,
          {
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          },
          undefined,
          page,
        );
        return { result, page };
      };
      let { result, page } = await measure();
      if (result.lhr.runtimeError) {
        lines[`${name}: first try failed`] = result.lhr.runtimeError.code;
        await page.close();
        ({ result, page } = await measure());
      }
      const { lhr } = result;
      // Lighthouse's own report, written to bench-results/ (ignored by git) with the run's time in
      // its name. JSON only: the HTML report is the same JSON inside a viewer, and twice the size
      // (https://googlechrome.github.io/lighthouse/viewer/ opens the JSON).
      const file = path.join(benchResults, `lighthouse-${runStamp}-${name}.report.json`);
      fs.writeFileSync(file, result.report);
      lines[`${name}: report`] = path.relative(root, file);
      const audit = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
      lines[`${name}: performance score (target >= ${name === 'sign-in' ? 95 : 90})`] =
        lhr.runtimeError
          ? `none: ${lhr.runtimeError.code} (${lhr.runtimeError.message})`
          : Math.round(lhr.categories.performance.score * 100);
      lines[`${name}: first / largest contentful paint`] =
        `${audit('first-contentful-paint')} / ${audit('largest-contentful-paint')}`;
      lines[`${name}: total blocking time, layout shift`] =
        `${audit('total-blocking-time')}, ${audit('cumulative-layout-shift')}`;
      // Lighthouse's yardstick of this machine's CPU: scores of runs with different ones differ.
      lines[`${name}: CPU yardstick (benchmarkIndex)`] = Math.round(lhr.environment.benchmarkIndex);
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(pathname)) {
        lines[`${name}: ended at`] = lhr.finalDisplayedUrl;
      }
      await page.close();
    }
    report('Lighthouse (default mobile profile, simulated throttling)', lines);
  } finally {
    await browser.close();
  }
}

/**
 * A steady mixed load (reads, the analysis, new readings) at a fixed rate for BENCH_SOAK_SECONDS
 * (600 by default), with the server's resident memory sampled every 10 s: flat means no leak.
 */
async function soak(vitalia, person) {
  const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
  const headers = { authorization: `Bearer ${person.token}` };
  const samples = [];
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${vitalia.child.pid}/status`, 'utf8');
      samples.push(Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024));
    } catch {
      samples.push(undefined);
    }
  };
  sample();
  const timer = setInterval(sample, 10_000);
  let turn = 0;
  const result = await autocannon({
    url: vitalia.url,
    connections: 4,
    overallRate: 200,
    duration: soakSeconds,
    headers,
    requests: [
      {
        setupRequest: (request) => {
          turn += 1;
          if (turn % 10 === 0) {
            return {
              ...request,
              method: 'POST',
              path: '/api/v1/records/health',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(reading('Pulse Value', String(60 + (turn % 30)))),
            };
          }
          const path =
            turn % 3 === 0 ? '/api/v1/records/analysis' : '/api/v1/records/health?tag=SPO2Value';
          return { ...request, method: 'GET', path, headers, body: undefined };
        },
      },
    ],
  });
  clearInterval(timer);
  sample();
  const steady = summary(result);
  const known = samples.filter((value) => value !== undefined);
  const firstMinute = known.slice(0, 6);
  const lastMinute = known.slice(-6);
  const mean = (values) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  report(`Soak: 200 requests/s for ${soakSeconds} s (reads, analysis, 1 in 10 a new reading)`, {
    requests: steady.requests,
    'failed requests': steady.failed,
    'answers by status': JSON.stringify(
      Object.fromEntries(
        Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
      ),
    ),
    'p50 / p99': `${ms(steady.p50)} / ${ms(steady.p99)}`,
    'resident memory, first minute (mean)': `${mean(firstMinute)} MB`,
    'resident memory, last minute (mean)': `${mean(lastMinute)} MB`,
    'resident memory, lowest / highest': `${Math.min(...known)} MB / ${Math.max(...known)} MB`,
    'samples every 10 s (MB)': known.join(' '),
  });
}

// ---------------------------------------------------------------------------------------------

// BENCH_SKIP_BUILD=1 measures the build as it stands (say, one made under a lock shared with others).
if (process.env.BENCH_SKIP_BUILD !== '1') buildIfStale();
const main = path.join(root, 'apps/server/dist/main.js');
const databaseName = `vitalia_bench_${Date.now()}`;
const jwtSecret = crypto.randomBytes(48).toString('base64');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-bench-'));
console.log(`Vitalia benchmarks, ${new Date().toISOString()}`);
console.log(
  `  ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${seconds} s per load`,
);
// Other work on the machine skews every figure; the comparisons within one run less so.
console.log(
  `  load average at the start: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);

try {
  let vitalia;
  let hello;
  if (['read', 'hooks', 'storm', 'import', 'paging', 'web', 'lighthouse', 'soak'].some(wanted)) {
    await withAdmin((client) => client.query(`create database ${databaseName}`));
    const version = await withAdmin(
      async (client) => (await client.query('show server_version')).rows[0].server_version,
    );
    console.log(`  PostgreSQL ${version} at ${new URL(adminUrl).host}, database ${databaseName}`);
    vitalia = startProcess(
      main,
      {
        NODE_ENV: 'production',
        JWT_SECRET: jwtSecret,
        STORE_PICKUP_ADDRESS: '14 Admiralty Way, Lekki Phase 1, Lagos',
        DATABASE_URL: databaseUrl(databaseName),
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        TRUST_PROXY: 'true',
      },
      await freePort(),
    );
    hello = startProcess(
      path.join(root, 'scripts/bench/hello-server.mjs'),
      { DATABASE_URL: databaseUrl(databaseName) },
      await freePort(),
    );
    await firstAnswer(`${vitalia.url}/readyz`, vitalia.child).catch((error) => {
      throw new Error(`${error.message}: ${vitalia.stderr().slice(-2000)}`);
    });
    await firstAnswer(`${hello.url}/hello`, hello.child);
  }

  const person = vitalia ? await register(vitalia.url, 'reader') : undefined;
  if (person) {
    await api(vitalia.url, 'POST', '/api/v1/records/health', {
      token: person.token,
      body: reading('SPO2Value', '97'),
    });
  }
  if (wanted('read')) {
    await giveReadings(vitalia.url, person);
    await readsVersusFloor(vitalia, hello, person);
  }
  if (wanted('hooks')) await hookCosts(person, jwtSecret);
  if (wanted('storm')) await signInStorm(vitalia, person);
  if (wanted('import')) await importWhileOthersRead(vitalia, person);
  if (wanted('paging')) {
    const heavy = await register(vitalia.url, 'heavy');
    const light = await register(vitalia.url, 'light');
    const started = performance.now();
    const count = await loadReadings(databaseUrl(databaseName), {
      heavyId: heavy.userId,
      lightId: light.userId,
      total: tableRows,
    });
    console.log(
      `\n  health_records holds ${count.toLocaleString('en')} rows (loaded in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    await historyPaging(vitalia, heavy, light);
  }
  if (wanted('web')) {
    await answerAssessment(vitalia.url, person);
    await webWeight(vitalia, person);
    await phoneTimes(vitalia, person);
  }
  if (wanted('lighthouse')) await lighthouseScores(vitalia);
  if (only.has('soak')) await soak(vitalia, person);
  if (vitalia) await stop(vitalia);
  if (hello) await stop(hello);
  if (wanted('embedded')) await embeddedDatabase();
  if (wanted('startup')) report('Start-up, built, embedded database', await startupTimes(5));
} finally {
  for (const child of children) child.kill('SIGKILL');
  if (['read', 'hooks', 'storm', 'import', 'paging', 'web', 'lighthouse', 'soak'].some(wanted)) {
    await withAdmin((client) =>
      client.query(`drop database if exists ${databaseName} with (force)`),
    ).catch((error) => console.error(`could not drop ${databaseName}: ${error.message}`));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `\n  load average at the end: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
const file = path.join(benchResults, `bench-${runStamp}.json`);
fs.writeFileSync(file, JSON.stringify(printed, null, 2));
console.log(`\nFigures also written to ${path.relative(root, file)}`);
