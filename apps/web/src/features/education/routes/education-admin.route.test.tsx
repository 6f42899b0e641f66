import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { educationPaths } from '@vitalia/api/education.contract';
import { anAdminArticle } from '../../../test/education-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

const draft = anAdminArticle({ title: 'Sleep and your heart', status: 'draft' });
const published = anAdminArticle({
  title: 'Resting heart rate',
  status: 'published',
  publishedAt: '2026-02-01T09:00:00.000Z',
});

function serveAdminList() {
  fakeApi.on('GET', educationPaths.adminArticles, (request) => {
    const status = request.params.status;
    const items = [draft, published]
      .filter((article) => !status || article.status === status)
      .map(({ body: _body, sources: _sources, ...summary }) => summary);
    return { status: 200, body: { items, nextCursor: null } };
  });
}

beforeEach(() => signInAs('ADMIN'));

describe('the articles, for administrators', () => {
  it('lists drafts and published articles with their status, each opening the editor', async () => {
    serveAdminList();
    renderApp('/education/admin');

    const table = await screen.findByRole('table', { name: 'Articles' });
    const draftRow = (await within(table).findByRole('link', { name: draft.title })).closest('tr')!;
    expect(within(draftRow).getByText('Draft')).toBeVisible();
    expect(within(draftRow).getByRole('link')).toHaveAttribute(
      'href',
      `/education/admin/${draft.id}`,
    );
    const publishedRow = within(table).getByRole('link', { name: published.title }).closest('tr')!;
    expect(within(publishedRow).getByText('Published')).toBeVisible();
    expect(screen.getByRole('link', { name: 'New article' })).toHaveAttribute(
      'href',
      '/education/admin/new',
    );
  });

  it('filters by status through the address', async () => {
    serveAdminList();
    const app = renderApp('/education/admin');
    const user = userEvent.setup();

    await screen.findByRole('link', { name: draft.title });
    await user.click(screen.getByRole('button', { name: 'Drafts' }));

    await waitFor(() => expect(app.currentUrl()).toBe('/education/admin?status=draft'));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: published.title })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: draft.title })).toBeVisible();
    expect(fakeApi.requestsTo('GET', educationPaths.adminArticles).at(-1)?.params).toMatchObject({
      status: 'draft',
    });
    expect(screen.getByRole('button', { name: 'Drafts' })).toHaveAttribute('aria-pressed', 'true');
  });
});
