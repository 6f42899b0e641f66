// `npm run fuzz`: the hostile-input fuzzer at full size (100k requests by default) against the
// whole server in this process, on an embedded database of its own; traffic stays on 127.0.0.1.
// A third of the requests are valid for their operation (valid-requests.ts). Prints the answers
// by status, every operation with how many of its requests were accepted, the operations that
// accepted none, and every violation (a 2xx body outside its documented schema is one); exits 1
// when there is any violation.
//
//   npm run fuzz
//   FUZZ_REQUESTS=20000 FUZZ_SEED=7 npm run fuzz
import { fuzzServer } from './fuzz-driver.ts';
import { describeOperations, describeViolations, neverAccepted } from './fuzz-report.ts';
import { startFuzzServer } from './fuzz-server.ts';

const requests = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const seed = Number(process.env.FUZZ_SEED ?? 20_260);
const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 8);

const { server, linkedin, close } = await startFuzzServer();
let lastPrinted = 0;
console.log(
  `Fuzzing ${server.baseUrl} with ${requests} requests, seed ${seed}, ${concurrency} at a time.`,
);
const report = await fuzzServer(server, {
  requests,
  seed,
  concurrency,
  timeoutMs: 10_000,
  linkedin,
  onProgress: ({ sent, elapsedMs, violations }) => {
    if (sent - lastPrinted < 5_000 && sent < requests) return;
    lastPrinted = sent;
    console.log(
      `  ${sent} sent in ${(elapsedMs / 1000).toFixed(0)} s, ${violations.length} violations`,
    );
  },
});
await close();

const statuses = Object.entries(report.byStatus).sort(([a], [b]) => a.localeCompare(b));
console.log(`\n${report.sent} requests in ${(report.elapsedMs / 1000).toFixed(1)} s`);
console.log('Answers by status:');
for (const [status, count] of statuses) console.log(`  ${status.padEnd(10)} ${count}`);
console.log(
  `Slowest answer: ${report.slowest.ms.toFixed(0)} ms, ${report.slowest.operation} (${report.slowest.target})`,
);
console.log(`Sessions that had to be started again: ${report.sessionsRestarted}`);
const checked = Object.values(report.bodiesChecked).reduce((sum, count) => sum + count, 0);
console.log(
  `2xx bodies checked against their documented schema: ${checked}, of ${Object.keys(report.bodiesChecked).length} operations`,
);
console.log('\nEvery operation (accepted: 2xx, or the redirect of LinkedIn start; refused: 4xx):');
console.log(describeOperations(report));
const none = neverAccepted(report);
if (none.length > 0) {
  console.log(`\nOperations whose handler never accepted a request (${none.length}):`);
  for (const operation of none) console.log(`  ${operation}`);
} else {
  console.log('\nEvery operation accepted some of its requests.');
}
if (report.violations.length > 0) {
  console.log(`\n${report.violations.length} violations:\n`);
  console.log(describeViolations(report.violations, 100));
  process.exit(1);
}
console.log(
  '\nNo violations: no 5xx, no hang, every 4xx in the error model, every 2xx as the document says.',
);
process.exit(0);
