/**
 * The sharing page's cache entries. Every change the person makes (an invite, a pause, a link
 * made or ended) is written in the access log too, so a change refreshes everything under `all`.
 */
export const sharingQueryKeys = {
  all: ['sharing'] as const,
  shares: ['sharing', 'shares'] as const,
  links: ['sharing', 'links'] as const,
  accessLog: ['sharing', 'access-log'] as const,
};
