// A real server process, started as `npm run dev` starts one (tsx on src/main.ts), for the tests
// that need more than one process or a process to kill: several on one PostgreSQL, a crash.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..', '..');

// Ports for servers that bind later (a child process, a mail peer) come from below the kernel's
// ephemeral range (32768-60999 on Linux). A port asked of the kernel with port 0 and released
// comes back to the next `listen(0)`, and a test app of another test file then took the port a
// child was about to bind; the child's readiness check found that app, not the child. No
// `listen(0)` is ever given a port from this range.
const laterPorts = { min: 20_000, max: 32_000 };

function canListen(port: number): Promise<boolean> {
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = laterPorts.min + Math.floor(Math.random() * (laterPorts.max - laterPorts.min));
    if (await canListen(port)) return port;
  }
  throw new Error('no free port found below the ephemeral range');
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it has written to standard output and error so far. */
  output: () => string;
}

/** Starts the server with this environment on a free port; resolves once /readyz answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return { url, child, output: () => output };
    if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends the signal and resolves once the process has exited. */
export function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
