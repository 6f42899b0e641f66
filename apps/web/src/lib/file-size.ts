/** A byte limit in whole megabytes as people read them: 2 * 1024 * 1024 is 2. */
export function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
