import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { articlePath } from '@vitalia/api/education.contract';
import { aCard, anArticle, serveArticle, serveArticleList } from '../../../test/education-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

const body = [
  'Your pulse is the number of times your **heart** beats in a minute.',
  '',
  '## Measuring it well',
  '',
  '- Sit for five minutes first.',
  '- Count for a full minute.',
  '',
  '#### When to see someone',
  '',
  'Read the [NHS page](https://www.nhs.uk/pulse) or [your readings](/healths/pulse).',
  '',
  '<script>alert(1)</script>',
  '',
  'A [trick](javascript:alert(2)) link and <b onclick="alert(3)">bold HTML</b>.',
].join('\n');

const related = aCard({ slug: 'blood-pressure', title: 'Blood pressure explained' });

const pulse = anArticle({
  slug: 'resting-heart-rate',
  title: 'Resting heart rate',
  summary: 'How to count your pulse at rest and what the bands mean.',
  tags: ['pulse', 'heart'],
  readingMinutes: 3,
  publishedAt: '2026-03-02T09:00:00.000Z',
  body,
  sources: [
    { name: 'AHA: All about heart rate', url: 'https://www.heart.org/en/health-topics/pulse' },
    { name: 'NHS: How to take your pulse', url: 'https://www.nhs.uk/pulse' },
  ],
  related: [related],
});

beforeEach(() => signInAs());

describe('an article', () => {
  it('renders the markdown body under the title, its headings fitted below the page’s', async () => {
    serveArticle(pulse);
    renderApp('/education/resting-heart-rate');

    const article = await screen.findByRole('article', { name: 'Resting heart rate' });
    expect(screen.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    expect(
      within(article).getByRole('heading', { level: 2, name: 'Resting heart rate' }),
    ).toBeVisible();
    // ## and #### in the body become the next two levels, with no gap.
    expect(
      within(article).getByRole('heading', { level: 3, name: 'Measuring it well' }),
    ).toBeVisible();
    expect(
      within(article).getByRole('heading', { level: 4, name: 'When to see someone' }),
    ).toBeVisible();
    expect(within(article).getByText('heart', { selector: 'strong' })).toBeVisible();
    expect(
      within(article)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toContain('Sit for five minutes first.');
    expect(article).toHaveTextContent(pulse.summary);
    expect(article).toHaveTextContent('Published 2 March 2026 · 3 min read');
    expect(article.querySelector('img')).toHaveAttribute('src', pulse.coverImage);
    expect(document.title).toBe('Resting heart rate · Vitalia');
  });

  it('shows HTML in the body as text and never runs it', async () => {
    serveArticle(pulse);
    renderApp('/education/resting-heart-rate');

    const article = await screen.findByRole('article', { name: 'Resting heart rate' });
    expect(within(article).getByText('<script>alert(1)</script>')).toBeVisible();
    expect(article.querySelector('script')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(article).toHaveTextContent('<b onclick="alert(3)">bold HTML</b>');
    expect(article.querySelector('b, [onclick]')).toBeNull();
    // react-markdown drops addresses that would run code.
    const trick = within(article).getByText('trick');
    expect(trick.closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('opens other sites in a tab of their own that cannot reach back, and keeps app links in the app', async () => {
    serveArticle(pulse);
    renderApp('/education/resting-heart-rate');

    const article = await screen.findByRole('article', { name: 'Resting heart rate' });
    const external = within(article).getByRole('link', { name: 'NHS page (opens in a new tab)' });
    expect(external).toHaveAttribute('href', 'https://www.nhs.uk/pulse');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const internal = within(article).getByRole('link', { name: 'your readings' });
    expect(internal).toHaveAttribute('href', '/healths/pulse');
    expect(internal).not.toHaveAttribute('target');
  });

  it('lists its sources as links, its tags as links to the list, and related articles', async () => {
    serveArticle(pulse);
    renderApp('/education/resting-heart-rate');

    const sources = await screen.findByRole('region', { name: 'Sources' });
    const links = within(sources).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.heart.org/en/health-topics/pulse',
      'https://www.nhs.uk/pulse',
    ]);
    expect(links[0]).toHaveAccessibleName('AHA: All about heart rate (opens in a new tab)');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(sources).toHaveTextContent('heart.org');

    expect(screen.getByRole('link', { name: 'Articles tagged Pulse' })).toHaveAttribute(
      'href',
      '/education?tag=pulse',
    );
    const aside = screen.getByRole('complementary', { name: 'Related articles' });
    expect(within(aside).getByRole('link', { name: 'Blood pressure explained' })).toHaveAttribute(
      'href',
      '/education/blood-pressure',
    );
  });

  it('goes back to the list it was opened from', async () => {
    serveArticleList([aCard({ slug: pulse.slug, title: pulse.title, tags: ['heart'] })]);
    serveArticle(pulse);
    const app = renderApp('/education?tag=heart');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: pulse.title }));
    await screen.findByRole('region', { name: 'Sources' });
    expect(app.currentUrl()).toBe('/education/resting-heart-rate');
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));

    expect(app.currentUrl()).toBe('/education?tag=heart');
  });

  it('says kindly when there is no article at the address, with a way back', async () => {
    fakeApi.on('GET', articlePath('no-such-thing'), {
      status: 404,
      body: { errors: ['There is no article at this address.'] },
    });
    renderApp('/education/no-such-thing');

    expect(
      await screen.findByRole('heading', { name: 'We could not find that article' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse all articles' })).toHaveAttribute(
      'href',
      '/education',
    );
  });

  it('tells an administrator previewing a draft that readers cannot see it yet', async () => {
    signInAs('ADMIN');
    serveArticle({ ...pulse, status: 'draft', publishedAt: null });
    renderApp('/education/resting-heart-rate');

    expect(
      await screen.findByText('A draft: readers cannot see this article until it is published.'),
    ).toBeVisible();
    const article = screen.getByRole('article', { name: 'Resting heart rate' });
    expect(article).toHaveTextContent('3 min read');
    expect(article).not.toHaveTextContent('Published');
  });
});
