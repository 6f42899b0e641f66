/** An authenticator key in groups of four, as people read it out and type it: "JBSW Y3DP ...". */
export function groupKey(key: string): string {
  return (key.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** The text file of recovery codes a person downloads to keep. */
export function recoveryCodesText(
  codes: readonly string[],
  username: string,
  now = new Date(),
): string {
  return [
    `Vitalia recovery codes for ${username}`,
    `Made on ${now.toISOString().slice(0, 10)}.`,
    '',
    'Each code signs you in once, in place of the code from your authenticator app.',
    'Keep them somewhere safe and private, away from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export const recoveryCodesFileName = 'vitalia-recovery-codes.txt';

/** Saves text as a file through a temporary object URL, as a download the browser asks about. */
export function downloadTextFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after this task; revoking at once could cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
