// Times said in UTC in mail and messages, in forms nobody reads the wrong way round.

/** '2026-12-03 19:25', followed by "UTC" where it is said. */
export function utcMinute(at: Date): string {
  return at.toISOString().replace('T', ' ').slice(0, 16);
}

/** '3 December 2026 at 19:25 UTC'. */
export function utcDayAndTime(at: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
  return `${day} at ${at.toISOString().slice(11, 16)} UTC`;
}
