// Where start-up time goes, said once in the log line that announces the server is listening, and
// read by the bench (scripts/bench/startup.mjs). Times are milliseconds; `modules` runs from the
// process's start (Node itself and every import) to the first line of main().
import { performance } from 'node:perf_hooks';

export class StartupPhases {
  private readonly phases: Record<string, number> = {};
  private last: number;

  constructor() {
    this.last = performance.now();
    this.phases.modules = Math.round(this.last);
  }

  /** Ends the phase named, which began where the previous one ended. */
  done(name: string): void {
    const now = performance.now();
    this.phases[name] = Math.round(now - this.last);
    this.last = now;
  }

  /** Each phase, and the total from the process's start. */
  summary(): Record<string, number> {
    return { ...this.phases, total: Math.round(performance.now()) };
  }
}
