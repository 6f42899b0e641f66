// Runs npm scripts side by side and fails if any fails. Each one's output is printed whole when it
// ends, with its time, so the log reads as if they had run one after another. For checks that do
// not share state (typecheck, lint, formatting, the migrations check): on two cores they take the
// time of the slowest instead of the sum (docs/decisions/0005-tests.md).
//
//   node scripts/run-together.mjs typecheck lint format:check db:check
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = performance.now();
      const child = spawn('npm', ['run', '--silent', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        process.stdout.write(
          `\n> ${script} (${seconds} s, ${code === 0 ? 'passed' : `failed: exit ${code}`})\n`,
        );
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);
const passed = await Promise.all(runs);
const failed = scripts.filter((_, index) => !passed[index]);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
