import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  adminArticlePath,
  adminPublishPath,
  educationPaths,
} from '@vitalia/api/education.contract';
import { anAdminArticle, serveAdminArticle } from '../../../test/education-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/** Types a whole text at once, as pasting does: one change, where typing is one per key. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function preview() {
  return screen.getByRole('region', { name: 'Preview' });
}

describe('the article editor, for someone who is not an administrator', () => {
  beforeEach(() => signInAs('USER'));

  it.each(['/education/admin', '/education/admin/new', `/education/admin/${anAdminArticle().id}`])(
    'turns them away from %s, with a way to the articles',
    async (path) => {
      renderApp(path);

      expect(
        await screen.findByRole('heading', {
          name: 'This page is for the people who write the articles',
        }),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: 'Read the articles' })).toHaveAttribute(
        'href',
        '/education',
      );
      expect(fakeApi.requests.filter((request) => request.path.includes('/admin/'))).toEqual([]);
    },
  );
});

// The editor is the largest form of the app, and each test types into several of its fields; on a
// busy machine that takes longer than the suite's usual limit.
describe('the article editor', { timeout: 40_000 }, () => {
  beforeEach(() => signInAs('ADMIN'));

  it('previews the body as it is typed, rendered as readers will see it', async () => {
    renderApp('/education/admin/new');
    const user = userEvent.setup();

    const body = await screen.findByRole('textbox', { name: 'Body' });
    expect(preview()).toHaveTextContent('The article appears here as readers will see it');
    await user.type(body, '## Salt');
    await waitFor(() =>
      expect(within(preview()).getByRole('heading', { level: 4, name: 'Salt' })).toBeVisible(),
    );

    await user.type(body, '{enter}{enter}Eat **less**');
    await waitFor(() =>
      expect(within(preview()).getByText('less', { selector: 'strong' })).toBeVisible(),
    );
    await fill(user, body, ' <script>alert(1)</script>');
    await waitFor(() => expect(preview()).toHaveTextContent('<script>alert(1)</script>'));
    expect(preview().querySelector('script')).toBeNull();
    expect(preview()).toHaveTextContent('1 min read');
  });

  it('suggests the slug of a new article from its title, until one is typed', async () => {
    renderApp('/education/admin/new');
    const user = userEvent.setup();

    const title = await screen.findByLabelText('Title');
    await user.type(title, 'Salt');
    expect(screen.getByLabelText('Slug')).toHaveValue('salt');
    expect(screen.getByText("The article's address: /education/salt")).toBeVisible();
    await fill(user, title, ' & You');
    expect(screen.getByLabelText('Slug')).toHaveValue('salt-you');

    await fill(user, screen.getByLabelText('Slug'), '-now');
    await fill(user, title, ' again');
    expect(screen.getByLabelText('Slug')).toHaveValue('salt-you-now');
  });

  it('writes a new draft and moves to the saved article', async () => {
    const saved = anAdminArticle({
      slug: 'walking-for-your-heart',
      title: 'Walking for your heart',
    });
    fakeApi.on('POST', educationPaths.adminArticles, { status: 201, body: saved });
    serveAdminArticle(saved);
    const app = renderApp('/education/admin/new');
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText('Title'), 'Walking for your heart');
    await fill(
      user,
      screen.getByLabelText('Summary'),
      'Why a brisk daily walk helps your blood pressure.',
    );
    await fill(user, screen.getByRole('textbox', { name: 'Body' }), 'Walk every day.');
    await user.click(screen.getAllByRole('button', { name: 'Save draft' })[0]!);

    await waitFor(() => expect(app.currentUrl()).toBe(`/education/admin/${saved.id}`));
    expect(fakeApi.requestsTo('POST', educationPaths.adminArticles)[0]?.body).toEqual({
      title: 'Walking for your heart',
      slug: 'walking-for-your-heart',
      summary: 'Why a brisk daily walk helps your blood pressure.',
      tags: [],
      sources: [],
      body: 'Walk every day.',
      coverImage: null,
    });
    expect(await screen.findByText(/The draft is saved/)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Upload an image' })).toBeEnabled();
  });

  it('edits the tags and the sources, name and address on a row each', async () => {
    const article = anAdminArticle({
      tags: ['pulse'],
      sources: [{ name: 'NHS: Pulse', url: 'https://www.nhs.uk/pulse' }],
    });
    serveAdminArticle(article);
    renderApp(`/education/admin/${article.id}`);
    const user = userEvent.setup();

    await fill(user, await screen.findByRole('combobox', { name: 'Tags' }), 'Blood Pressure');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add a source' }));
    await fill(user, screen.getByLabelText('Source 2 name'), 'AHA: Walking');
    await fill(user, screen.getByLabelText('Source 2 address'), 'https://www.heart.org/walking');
    await user.click(screen.getByRole('button', { name: 'Remove source 1' }));
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);

    expect(await screen.findByText('Your changes are saved.')).toBeVisible();
    expect(fakeApi.requestsTo('PUT', adminArticlePath(article.id))[0]?.body).toMatchObject({
      tags: ['pulse', 'blood-pressure'],
      sources: [{ name: 'AHA: Walking', url: 'https://www.heart.org/walking' }],
    });
  });

  it('checks the fields before sending, each message beside its field', async () => {
    renderApp('/education/admin/new');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Title'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Add a source' }));
    await fill(user, screen.getByLabelText('Source 1 address'), 'javascript:alert(1)');
    await user.click(screen.getAllByRole('button', { name: 'Save draft' })[0]!);

    expect(await screen.findByText('Title must be at least 3 characters long')).toBeVisible();
    expect(
      screen.getByText(/^The address must be a web address starting with https/),
    ).toBeVisible();
    expect(screen.getByText('Body must not be empty')).toBeVisible();
    expect(fakeApi.requestsTo('POST', educationPaths.adminArticles)).toHaveLength(0);
  });

  it('shows the server’s field messages beside their fields, a taken slug included', async () => {
    const article = anAdminArticle({ title: 'Checking your pulse', slug: 'checking-your-pulse' });
    serveAdminArticle(article);
    renderApp(`/education/admin/${article.id}`);
    const user = userEvent.setup();
    const slug = await screen.findByLabelText('Slug');

    fakeApi.on('PUT', adminArticlePath(article.id), {
      status: 400,
      body: { errors: ['sources.0.url: must be a web address starting with https:// or http://'] },
    });
    await fill(user, screen.getByLabelText('Summary'), ' More.');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(
      await screen.findByText(
        'The address must be a web address starting with https:// or http://',
      ),
    ).toBeVisible();

    fakeApi.on('PUT', adminArticlePath(article.id), {
      status: 409,
      body: {
        errors: [
          'slug: another article already uses "pulse"; choose another address for this one.',
        ],
        details: [
          {
            code: 'SLUG_TAKEN',
            field: 'slug',
            message: 'another article already uses "pulse"; choose another address for this one.',
          },
        ],
      },
    });
    await user.clear(slug);
    await fill(user, slug, 'pulse');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(
      await screen.findByText('Slug is used by another article; choose another address'),
    ).toBeVisible();
  });

  it('saves the changes and then publishes, in one step', async () => {
    const article = anAdminArticle({ title: 'Checking your pulse' });
    const server = serveAdminArticle(article);
    renderApp(`/education/admin/${article.id}`);
    const user = userEvent.setup();

    const title = await screen.findByLabelText('Title');
    await fill(user, title, ' at home');
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));

    expect(await screen.findByText(/The article is published/)).toBeVisible();
    expect(fakeApi.requestsTo('PUT', adminArticlePath(article.id))[0]?.body).toMatchObject({
      title: 'Checking your pulse at home',
    });
    expect(fakeApi.requestsTo('POST', adminPublishPath(article.id))).toHaveLength(1);
    expect(server.current().status).toBe('published');
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeVisible();
    expect(screen.getByText('Published', { selector: '.MuiChip-label' })).toBeVisible();
  });

  it('deletes only after confirming, and returns to the list', async () => {
    const article = anAdminArticle({ title: 'An old article' });
    serveAdminArticle(article);
    fakeApi.on('GET', educationPaths.adminArticles, {
      status: 200,
      body: { items: [], nextCursor: null },
    });
    const app = renderApp(`/education/admin/${article.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this article?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(fakeApi.requestsTo('DELETE', adminArticlePath(article.id))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this article?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );

    await waitFor(() => expect(app.currentUrl()).toBe('/education/admin'));
    expect(fakeApi.requestsTo('DELETE', adminArticlePath(article.id))).toHaveLength(1);
    expect(await screen.findByText('“An old article” is deleted.')).toBeVisible();
  });

  it('asks before leaving with unsaved changes', async () => {
    const article = anAdminArticle({ title: 'Checking your pulse' });
    serveAdminArticle(article);
    fakeApi.on('GET', educationPaths.adminArticles, {
      status: 200,
      body: { items: [], nextCursor: null },
    });
    const app = renderApp(`/education/admin/${article.id}`);
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText('Summary'), ' More.');
    await user.click(screen.getByRole('link', { name: 'All articles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(app.currentUrl()).toBe(`/education/admin/${article.id}`);

    await user.click(screen.getByRole('link', { name: 'All articles' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole(
        'button',
        { name: 'Leave' },
      ),
    );
    await waitFor(() => expect(app.currentUrl()).toBe('/education/admin'));
  });
});
