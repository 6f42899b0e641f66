import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { educationPaths } from '@vitalia/api/education.contract';
import { aCard, serveArticleList } from '../../../test/education-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

const pulse = aCard({
  slug: 'resting-heart-rate',
  title: 'Resting heart rate: what your pulse says',
  summary: 'How to count your pulse at rest and what the bands mean.',
  tags: ['pulse', 'measures', 'heart'],
  readingMinutes: 5,
  publishedAt: '2026-03-02T09:00:00.000Z',
});
const smoking = aCard({
  slug: 'smoking',
  title: 'Smoking and your health',
  summary: 'What tobacco does to the heart and lungs, and the help there is to stop.',
  tags: ['smoking', 'risks', 'lungs', 'heart'],
  readingMinutes: 6,
});
const mood = aCard({
  slug: 'mood',
  title: 'Mood: noticing how you feel',
  summary: 'Why a daily word about your mood helps, and when to talk to someone.',
  tags: ['mood', 'measures', 'mental-health'],
  coverImage: null,
});

function lastListRequest() {
  return fakeApi.requestsTo('GET', educationPaths.articles).at(-1);
}

beforeEach(() => signInAs());

describe('Education', () => {
  it('shows each article as a card: cover, title, summary, reading time, date and tags', async () => {
    serveArticleList([pulse, smoking, mood]);
    renderApp('/education');

    const card = await screen.findByRole('article', { name: pulse.title });
    expect(within(card).getByRole('link', { name: pulse.title })).toHaveAttribute(
      'href',
      '/education/resting-heart-rate',
    );
    expect(card).toHaveTextContent(pulse.summary);
    expect(card).toHaveTextContent('5 min read · 2 Mar 2026');
    expect(card.querySelector('img')).toHaveAttribute('src', '/education/pulse.svg');
    expect(within(card).getByRole('link', { name: 'Articles tagged Heart' })).toHaveAttribute(
      'href',
      '/education?tag=heart',
    );
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    expect(screen.getByText('All articles, newest first')).toBeVisible();
    // Only administrators are offered the editor.
    expect(screen.queryByRole('link', { name: 'Manage articles' })).not.toBeInTheDocument();
  });

  it('writes the search into the address after a pause in typing, and lists what matches', async () => {
    serveArticleList([pulse, smoking, mood]);
    const app = renderApp('/education');
    const user = userEvent.setup();

    await user.type(await screen.findByRole('searchbox', { name: 'Search articles' }), 'smoking');

    await waitFor(() => expect(app.currentUrl()).toBe('/education?q=smoking'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: smoking.title })).toBeVisible();
    expect(lastListRequest()?.params).toMatchObject({ q: 'smoking' });
    expect(screen.getByText('Results for “smoking”, best match first')).toBeVisible();
  });

  it('filters by a topic chip through the address, and the pressed chip clears it again', async () => {
    serveArticleList([pulse, smoking, mood]);
    const app = renderApp('/education?q=o');
    const user = userEvent.setup();
    const topics = await screen.findByRole('group', { name: 'Topics' });

    await user.click(within(topics).getByRole('button', { name: 'Lungs' }));

    await waitFor(() => expect(app.currentUrl()).toBe('/education?q=o&tag=lungs'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(lastListRequest()?.params).toMatchObject({ q: 'o', tag: 'lungs' });
    const lungs = within(topics).getByRole('button', { name: 'Lungs' });
    expect(lungs).toHaveAttribute('aria-pressed', 'true');

    await user.click(lungs);
    await waitFor(() => expect(app.currentUrl()).toBe('/education?q=o'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it('shows a tag followed from an article among the topics, pressed', async () => {
    serveArticleList([pulse, smoking, mood]);
    renderApp('/education?tag=smoking');

    const topics = await screen.findByRole('group', { name: 'Topics' });
    expect(within(topics).getByRole('button', { name: 'Smoking' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('says when nothing matches, and clears the search and topic on request', async () => {
    serveArticleList([pulse, smoking, mood]);
    const app = renderApp('/education?q=zebra&tag=heart');
    const user = userEvent.setup();

    expect(await screen.findByText('No articles about heart match “zebra”')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));

    await waitFor(() => expect(app.currentUrl()).toBe('/education'));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');
  });

  it('loads the next page with the cursor the last one gave', async () => {
    const cards = Array.from({ length: 14 }, (_, index) =>
      aCard({ slug: `paged-${index}`, title: `Paged article ${index + 1}` }),
    );
    serveArticleList(cards);
    renderApp('/education');
    const user = userEvent.setup();

    await screen.findByRole('article', { name: 'Paged article 12' });
    expect(screen.getAllByRole('article')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('article', { name: 'Paged article 14' })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(14);
    expect(lastListRequest()?.params).toMatchObject({ cursor: '12' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the articles cannot be loaded, and tries again on Retry', async () => {
    fakeApi.on('GET', educationPaths.articles, {
      status: 500,
      body: { errors: ['The library is closed.'] },
    });
    renderApp('/education');
    const user = userEvent.setup();

    expect(
      await screen.findByText('The articles could not be loaded', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText('The library is closed.')).toBeVisible();
    serveArticleList([pulse]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('article', { name: pulse.title })).toBeVisible();
  });

  it('offers administrators the editor', async () => {
    signInAs('ADMIN');
    serveArticleList([pulse]);
    renderApp('/education');

    expect(await screen.findByRole('link', { name: 'Manage articles' })).toHaveAttribute(
      'href',
      '/education/admin',
    );
  });
});
