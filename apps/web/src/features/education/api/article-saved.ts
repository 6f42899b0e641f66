import type { QueryClient } from '@tanstack/react-query';
import type { AdminArticle } from '@vitalia/api/education.contract';
import { educationQueryKeys } from './education-query-keys';

/**
 * After any administrator's change: the editor gets the saved article as the server answered it,
 * and every list and reader's page is fetched again, since the change may move an article in or
 * out of any of them.
 */
export async function articleChanged(
  queryClient: QueryClient,
  saved: AdminArticle | { id: string; deleted: true },
): Promise<void> {
  if ('deleted' in saved) {
    queryClient.removeQueries({ queryKey: educationQueryKeys.adminArticle(saved.id) });
  } else {
    queryClient.setQueryData(educationQueryKeys.adminArticle(saved.id), saved);
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['education', 'articles'] }),
    queryClient.invalidateQueries({ queryKey: ['education', 'article'] }),
    queryClient.invalidateQueries({ queryKey: ['education', 'admin', 'articles'] }),
  ]);
}
