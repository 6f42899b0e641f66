// What a run found: answers by status and by operation, the violations with what was sent, and
// the tables and paragraphs they are printed as.

export interface Violation {
  problem: string;
  operation: string;
  method: string;
  target: string;
  caller: string;
  bodyKind: string;
  /** The start of what was sent and what came back, enough to send it again by hand. */
  headers: Record<string, string>;
  body: string;
  status?: number;
  answer: string;
}

/** One operation's answers: accepted is 2xx (and 3xx, a redirect's success), refused 4xx. */
export interface OperationCounts {
  sent: number;
  accepted: number;
  refused: number;
  /** Of them, the requests made valid for the operation (valid-requests.ts), and how they fared. */
  validSent: number;
  validAccepted: number;
  /** Valid requests by status, to see why a valid one was refused. */
  validByStatus: Record<string, number>;
}

export interface FuzzReport {
  sent: number;
  /** Answers by status; `no answer` and `not sent` (Node's client refused it) beside them. */
  byStatus: Record<string, number>;
  violations: Violation[];
  /** How often a signed-in caller's session had ended and was started again. */
  sessionsRestarted: number;
  /** Answers by operation and status, to see how deep the run got into each. */
  byOperation: Record<string, Record<string, number>>;
  /** Sent, accepted and refused by operation, every operation of the document listed. */
  operations: Record<string, OperationCounts>;
  /** 2xx JSON bodies checked against the schema the document gives them, by operation. */
  bodiesChecked: Record<string, number>;
  /** Time spent waiting for answers, by operation, and the slowest single answer. */
  msByOperation: Record<string, number>;
  slowest: { operation: string; target: string; ms: number };
  elapsedMs: number;
}

/** Accepted: the handler took it (2xx, or the 3xx a redirecting operation answers). */
export const isAccepted = (status: string) => Number(status) >= 200 && Number(status) < 400;
export const isRefused = (status: string) => Number(status) >= 400 && Number(status) < 500;

export function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}... (${text.length} characters)` : text;
}

const noCounts = (): OperationCounts => ({
  sent: 0,
  accepted: 0,
  refused: 0,
  validSent: 0,
  validAccepted: 0,
  validByStatus: {},
});

/** A report with nothing counted yet, every operation of the document listed. */
export function emptyReport(operations: string[]): FuzzReport {
  return {
    sent: 0,
    byStatus: {},
    violations: [],
    sessionsRestarted: 0,
    byOperation: {},
    operations: Object.fromEntries(operations.map((operation) => [operation, noCounts()])),
    bodiesChecked: {},
    msByOperation: {},
    slowest: { operation: '', target: '', ms: 0 },
    elapsedMs: 0,
  };
}

/** Counts one outcome of a request to an operation: its status, or `no answer`, `not sent`... */
export function countOutcome(
  report: FuzzReport,
  operation: string,
  key: string,
  valid: boolean,
): void {
  report.byStatus[key] = (report.byStatus[key] ?? 0) + 1;
  const statuses = (report.byOperation[operation] ??= {});
  statuses[key] = (statuses[key] ?? 0) + 1;
  const counts = (report.operations[operation] ??= noCounts());
  counts.sent += 1;
  if (isAccepted(key)) counts.accepted += 1;
  if (isRefused(key)) counts.refused += 1;
  if (valid) {
    counts.validSent += 1;
    if (isAccepted(key)) counts.validAccepted += 1;
    counts.validByStatus[key] = (counts.validByStatus[key] ?? 0) + 1;
  }
}

/** A request as sent, with its secrets replaced, for a violation to show. */
export interface SentRequest {
  operation: string;
  method: string;
  target: string;
  caller: string;
  bodyKind: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

/** A violation with the start of what was sent and what came back. */
export function violationOf(
  problem: string,
  sent: SentRequest,
  answer?: { status: number; body: string },
): Violation {
  return {
    problem,
    operation: sent.operation,
    method: sent.method,
    target: cut(sent.target, 300),
    caller: sent.caller,
    bodyKind: sent.bodyKind,
    headers: Object.fromEntries(
      Object.entries(sent.headers).map(([name, value]) => [name, cut(value, 200)]),
    ),
    body: cut(sent.body?.toString('utf8') ?? '', 300),
    status: answer?.status,
    answer: cut(answer?.body ?? '', 500),
  };
}

/**
 * Errors the server logged, even where the answer looked fine, with the request that caused each
 * (by its request id) when it is known.
 */
export function loggedErrors(
  logs: ReadonlyArray<Record<string, unknown>>,
  sentById: ReadonlyMap<string, SentRequest>,
): Violation[] {
  return logs
    .filter(
      (line) =>
        typeof line.level === 'number' &&
        line.level >= 50 &&
        // The mails the run made dead on purpose, to have something to retry (FuzzRun.deadMail).
        (line.mail as { purpose?: string } | undefined)?.purpose !== 'fuzzed',
    )
    .map((line) => {
      const sent = sentById.get(String(line.reqId));
      return violationOf(
        `logged "${String(line.msg)}": ${cut(JSON.stringify(line.err ?? {}), 400)}`,
        {
          operation: sent?.operation ?? '(unknown)',
          method: sent?.method ?? '',
          target: sent?.target ?? '',
          caller: sent?.caller ?? '',
          bodyKind: sent?.bodyKind ?? '',
          headers: {},
          body: sent?.body,
        },
      );
    });
}

/** Every operation with its sent, accepted and refused counts, as a table to print. */
export function describeOperations(report: FuzzReport): string {
  const rows = Object.entries(report.operations).map(([operation, counts]) => [
    operation,
    String(counts.sent),
    String(counts.accepted),
    String(counts.refused),
    `${counts.validAccepted}/${counts.validSent}`,
    Object.entries(counts.validByStatus)
      .filter(([status]) => !isAccepted(status))
      .map(([status, times]) => `${status} x${times}`)
      .join(', '),
  ]);
  const header = [
    'operation',
    'sent',
    'accepted',
    'refused',
    'valid accepted/sent',
    'valid ones not accepted',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === 5
          ? cell.padEnd(widths[column]!)
          : cell.padStart(widths[column]!),
      )
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** The operations whose handler accepted nothing in the run. */
export function neverAccepted(report: FuzzReport): string[] {
  return Object.entries(report.operations)
    .filter(([, counts]) => counts.accepted === 0)
    .map(
      ([operation, counts]) =>
        `${operation} (valid ones answered ${JSON.stringify(counts.validByStatus)})`,
    );
}

/** The violations, one paragraph each, grouped so that a thousand alike read as one. */
export function describeViolations(violations: Violation[], limit = 20): string {
  const groups = new Map<string, Violation[]>();
  for (const violation of violations) {
    const key = `${violation.operation} | ${violation.problem.replace(/request id [\w-]+/g, '')} | ${violation.status}`;
    groups.set(key, [...(groups.get(key) ?? []), violation]);
  }
  return [...groups.values()]
    .slice(0, limit)
    .map((group) => {
      const first = group[0]!;
      return [
        `${first.problem} (${group.length}x) for ${first.operation}`,
        `  sent: ${first.method} ${first.target} as ${first.caller}, body (${first.bodyKind}): ${first.body}`,
        `  headers: ${JSON.stringify(first.headers)}`,
        `  answer: ${first.status ?? '-'} ${first.answer}`,
      ].join('\n');
    })
    .join('\n\n');
}
