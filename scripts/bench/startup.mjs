// Start-up of the built server on the embedded database: from spawning `node dist/main.js` to
// the first 200 from /healthz, and from an API call (which waits for the job queue), with where
// the time went from the server's own 'started' log line (apps/server/src/lib/startup-phases.ts).
// A new data folder first (migrations, demo content), then the same folder again, several times.
// Part of `npm run bench` (--only=startup); on its own:
//
//   node scripts/bench/startup.mjs [runs]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale, root } from '../build-state.mjs';
import { freePort } from '../lib/local-run.mjs';

/** One start: milliseconds to the first answer, and the phases the server logged. */
async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let phases;
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    for (const line of output.split('\n')) {
      if (line.includes('"startup"')) phases = JSON.parse(line).startup;
    }
  });
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    let firstAnswer;
    while (performance.now() - started < 60_000) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output.slice(-500)}`);
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (answer.status === 200) {
          firstAnswer = performance.now() - started;
          break;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (firstAnswer === undefined) throw new Error('no answer within 60 s');
    // An API call waits for the job queue, which starts once the server listens.
    let firstApiAnswer;
    while (performance.now() - started < 60_000) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/v1/store/pickup`).catch(() => null);
      if (answer?.status === 200) {
        firstApiAnswer = performance.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The log line is written as the server starts listening; give it a moment to arrive.
    for (let wait = 0; !phases && wait < 100; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { firstAnswer, firstApiAnswer, phases: phases ?? {} };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Figures for the report: first start, then the median of `runs` later starts, with phases. */
export async function startupTimes(runs = 5) {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-bench-startup-'));
  try {
    const first = await startOnce(dataDir);
    const later = [];
    for (let run = 0; run < runs; run += 1) later.push(await startOnce(dataDir));
    const names = [...new Set(later.flatMap((each) => Object.keys(each.phases)))];
    const phaseLine = (each) =>
      names
        .filter((name) => name !== 'total')
        .map((name) => `${name} ${each.phases[name] ?? '?'}`)
        .join(', ');
    const times = later.map((each) => each.firstAnswer);
    const typical = later.find((each) => each.firstAnswer === median(times)) ?? later[0];
    return {
      'new data folder: first answer': `${first.firstAnswer.toFixed(0)} ms`,
      'new data folder: phases (ms)': phaseLine(first),
      [`existing data: first answer, median of ${runs}`]: `${median(times).toFixed(0)} ms`,
      [`existing data: first API answer, median of ${runs}`]: `${median(later.map((each) => each.firstApiAnswer)).toFixed(0)} ms`,
      'existing data: fastest / slowest': `${Math.min(...times).toFixed(0)} / ${Math.max(...times).toFixed(0)} ms`,
      'existing data: phases of the median start (ms)': phaseLine(typical),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await startupTimes(Number(process.argv[2] ?? 5));
  console.log('\n== Start-up, built, embedded database');
  for (const [label, value] of Object.entries(figures))
    console.log(`  ${label.padEnd(48)} ${value}`);
}
