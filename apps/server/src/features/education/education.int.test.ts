import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity.table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, signedInAccount, type SignedInAccount } from '../../test/test-calls.ts';

interface Card {
  slug: string;
  title: string;
  summary: string;
  coverImage: string | null;
  tags: string[];
  publishedAt: string | null;
  readingMinutes: number;
}
interface Page {
  items: Card[];
  nextCursor: string | null;
}
interface Article extends Card {
  body: string;
  sources: Array<{ name: string; url: string }>;
  status: 'draft' | 'published';
  related: Card[];
}
interface AdminArticle extends Card {
  id: string;
  body: string;
  sources: Array<{ name: string; url: string }>;
  status: 'draft' | 'published';
  createdAt: string;
  updatedAt: string;
}
interface Errors {
  errors: string[];
}

const ARTICLES = '/api/v1/education/articles';
const ADMIN = '/api/v1/education/admin/articles';

let server: TestApp;
let admin: SignedInAccount;
let reader: SignedInAccount;

beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
  reader = await signedInAccount(server);
  admin = await signedInAccount(server);
  // The role is read from the database on every call, so the session becomes an admin's at once.
  await server.app.database.db
    .update(users)
    .set({ role: 'ADMIN' })
    .where(eq(users.id, admin.userId));
});
afterAll(() => server.close());

let written = 0;

function anArticle(fields: Record<string, unknown> = {}): Record<string, unknown> {
  written += 1;
  return {
    slug: `article-${written}`,
    title: `Article number ${written}`,
    summary: 'A short summary for the card, long enough.',
    body: 'Plain words about nothing in particular.',
    tags: ['general'],
    sources: [{ name: 'WHO', url: 'https://www.who.int/' }],
    ...fields,
  };
}

async function create(fields: Record<string, unknown> = {}): Promise<AdminArticle> {
  const { status, body } = await call<AdminArticle & Partial<Errors>>(server, 'POST', ADMIN, {
    token: admin.token,
    body: anArticle(fields),
  });
  expect(status, JSON.stringify(body.errors)).toBe(201);
  return body;
}

async function publish(article: AdminArticle): Promise<AdminArticle> {
  const { status, body } = await call<AdminArticle>(
    server,
    'POST',
    `${ADMIN}/${article.id}/publish`,
    {
      token: admin.token,
    },
  );
  expect(status).toBe(200);
  return body;
}

async function published(fields: Record<string, unknown> = {}): Promise<AdminArticle> {
  return publish(await create(fields));
}

async function list(query: Record<string, string> = {}, token?: string) {
  const search = new URLSearchParams(query).toString();
  return call<Page & Partial<Errors>>(server, 'GET', search ? `${ARTICLES}?${search}` : ARTICLES, {
    ...(token ? { token } : {}),
  });
}

function auditEvents(): Array<Record<string, unknown>> {
  return server.logs.flatMap((line) => (line.audit ? [line.audit as Record<string, unknown>] : []));
}

describe('drafts and publishing', () => {
  it('keeps a draft from readers, in the list and at its address, but lets an admin preview it', async () => {
    const draft = await create({ title: 'Secret draft about kale smoothies' });
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null });

    for (const token of [undefined, reader.token]) {
      const everything = await list({ limit: '50' }, token);
      expect(everything.body.items.map((item) => item.slug)).not.toContain(draft.slug);
      expect((await list({ q: 'kale smoothies' }, token)).body.items).toEqual([]);
      const bySlug = await call<Errors>(server, 'GET', `${ARTICLES}/${draft.slug}`, {
        ...(token ? { token } : {}),
      });
      expect(bySlug.status).toBe(404);
      expect(bySlug.body.errors).toEqual(['There is no article at this address.']);
    }

    const preview = await call<Article>(server, 'GET', `${ARTICLES}/${draft.slug}`, {
      token: admin.token,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.status).toBe('draft');
  });

  it('shows a published article, hides it again when unpublished, and keeps its first date', async () => {
    const draft = await create({ title: 'Published then withdrawn' });
    const first = await publish(draft);
    expect(first.status).toBe('published');
    expect(Date.parse(first.publishedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const read = await call<Article>(server, 'GET', `${ARTICLES}/${draft.slug}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ title: 'Published then withdrawn', status: 'published' });

    const withdrawn = await call<AdminArticle>(server, 'POST', `${ADMIN}/${draft.id}/unpublish`, {
      token: admin.token,
    });
    expect(withdrawn.body.status).toBe('draft');
    expect((await call(server, 'GET', `${ARTICLES}/${draft.slug}`)).status).toBe(404);

    const again = await publish(draft);
    expect(again.publishedAt).toBe(first.publishedAt);
  });

  it('deletes an article for good', async () => {
    const article = await published();
    const removed = await server.request(`${ADMIN}/${article.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(removed.status).toBe(204);
    expect((await call(server, 'GET', `${ARTICLES}/${article.slug}`)).status).toBe(404);
    const gone = await call<Errors>(server, 'GET', `${ADMIN}/${article.id}`, {
      token: admin.token,
    });
    expect(gone.status).toBe(404);
  });
});

describe('search and tags', () => {
  it('finds an article by a word that appears only in its body, stemmed', async () => {
    const article = await published({
      title: 'Notes from the clinic',
      summary: 'Nothing in this summary gives the topic away.',
      body: 'Walking beside the marshes, the heron counted its breaths slowly.',
    });
    const found = await list({ q: 'herons' });
    expect(found.status).toBe(200);
    expect(found.body.items.map((item) => item.slug)).toEqual([article.slug]);
    expect((await list({ q: '"heron counted its breath"' })).body.items).toHaveLength(1);
    expect((await list({ q: 'heron -marshes' })).body.items).toEqual([]);
    expect((await list({ q: 'flamingo' })).body.items).toEqual([]);
  });

  it('ranks a title match above a body match', async () => {
    const inBody = await published({
      title: 'Everyday habits',
      body: 'Among other things, a pangolin wandered past once.',
    });
    const inTitle = await published({
      title: 'All about the pangolin',
      body: 'An animal with scales.',
    });
    const found = await list({ q: 'pangolin' });
    expect(found.body.items.map((item) => item.slug)).toEqual([inTitle.slug, inBody.slug]);
  });

  it('finds articles with some of the words, those with more of them first', async () => {
    const all = await published({
      title: 'Salt and the okapi’s blood pressure',
      body: 'Less salt, lower blood pressure.',
    });
    const two = await published({ title: 'The okapi’s blood pressure', body: 'Measured at rest.' });
    const found = await list({ q: 'okapi blood pressure salt' });
    expect(found.body.items.map((item) => item.slug)).toEqual([all.slug, two.slug]);
    // A word after a minus keeps its articles out, even beside words that would find them.
    expect((await list({ q: 'okapi -salt' })).body.items.map((item) => item.slug)).toEqual([
      two.slug,
    ]);
    expect((await list({ q: '-okapi' })).body.items).toEqual([]);
  });

  it('knows the abbreviations people type: bp, bmi, spo2', async () => {
    const pressure = await published({
      title: 'Blood pressure of the capybara',
      body: 'A capybara at rest.',
    });
    const mass = await published({ title: 'Body mass index of the tapir', body: 'Tapirs.' });
    expect((await list({ q: 'capybara bp' })).body.items[0]?.slug).toBe(pressure.slug);
    expect((await list({ q: 'BMI tapir' })).body.items.map((item) => item.slug)).toEqual([
      mass.slug,
    ]);
  });

  it('filters by tag, alone and with a search', async () => {
    const tagged = await published({
      tags: ['blood-sugar', 'diabetes'],
      body: 'Glucose and toucans.',
    });
    await published({ tags: ['diabetes'], body: 'Insulin and toucans.' });
    await published({ tags: ['pulse'], body: 'Hearts and toucans.' });

    const bySugar = await list({ tag: 'blood-sugar' });
    expect(bySugar.body.items.map((item) => item.slug)).toEqual([tagged.slug]);
    expect(bySugar.body.items[0]?.tags).toEqual(['blood-sugar', 'diabetes']);
    expect((await list({ tag: 'diabetes' })).body.items).toHaveLength(2);
    // Both diabetes articles mention toucans; the one with glucose too comes first.
    expect(
      (await list({ tag: 'diabetes', q: 'toucans glucose' })).body.items.map((item) => item.slug),
    ).toEqual([tagged.slug, expect.any(String)]);
    expect((await list({ tag: 'nothing-tagged-so' })).body.items).toEqual([]);
  });
});

describe('paging', () => {
  it('pages through every published article once, newest first', async () => {
    for (let i = 0; i < 5; i += 1) await published({ body: `Paging walrus number ${i}.` });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { limit: '2', ...(cursor ? { cursor } : {}) };
      const page = await list(query);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((item) => item.slug));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    const all = (await list({ limit: '50' })).body.items.map((item) => item.slug);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    const times = (await list({ limit: '50' })).body.items.map((item) => item.publishedAt ?? '');
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages through search results in rank order', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(await published({ body: `A quetzal ${'quetzal '.repeat(i)}flew by.` }));
    }
    const first = await list({ q: 'quetzal', limit: '2' });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await list({ q: 'quetzal', limit: '2', cursor: first.body.nextCursor ?? '' });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const slugs = [...first.body.items, ...second.body.items].map((item) => item.slug);
    // More mentions rank higher.
    expect(slugs).toEqual(made.map((article) => article.slug).reverse());
  });

  it('refuses a cursor it did not make, or one from another kind of list', async () => {
    const bad = await list({ cursor: 'not-a-cursor' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatch(/^query cursor: /);
    const plain = await list({ limit: '1' });
    const mixed = await list({ q: 'walrus', cursor: plain.body.nextCursor ?? '' });
    expect(mixed.status).toBe(400);
  });
});

describe('an article', () => {
  it('answers its body, sources, reading time and up to three related articles', async () => {
    const body = `${'word '.repeat(600)}end.`;
    const main = await published({
      tags: ['heart', 'pulse', 'measures'],
      body,
      sources: [
        { name: 'AHA: Target heart rates', url: 'https://www.heart.org/en/healthy-living' },
        { name: 'NHS', url: 'https://www.nhs.uk/' },
      ],
    });
    const two = await published({ tags: ['heart', 'pulse'] });
    const one = await published({ tags: ['measures'] });
    const alsoOne = await published({ tags: ['heart'] });
    const tooLate = await published({ tags: ['pulse'] });
    const draft = await create({ tags: ['heart', 'pulse', 'measures'] });
    await published({ tags: ['unrelated'] });

    const { status, body: read } = await call<Article>(server, 'GET', `${ARTICLES}/${main.slug}`);
    expect(status).toBe(200);
    expect(read.body).toBe(body);
    expect(read.readingMinutes).toBe(3);
    expect(read.sources).toEqual([
      { name: 'AHA: Target heart rates', url: 'https://www.heart.org/en/healthy-living' },
      { name: 'NHS', url: 'https://www.nhs.uk/' },
    ]);
    const related = read.related.map((card) => card.slug);
    expect(related).toHaveLength(3);
    expect(related[0]).toBe(two.slug);
    // Equal overlaps come newest first.
    expect(related.slice(1)).toEqual([tooLate.slug, alsoOne.slug]);
    expect(related).not.toContain(draft.slug);
    expect(related).not.toContain(main.slug);
    expect(related).not.toContain(one.slug);
  });

  it('returns a script tag in the markdown unchanged, as text to be shown, never run', async () => {
    const body = 'Hello <script>alert("xss")</script> and <img src=x onerror=alert(1)>';
    const article = await published({ body });
    const read = await call<Article>(server, 'GET', `${ARTICLES}/${article.slug}`);
    expect(read.body.body).toBe(body);
    expect(read.headers.get('content-type')).toMatch(/^application\/json/);
    const asAdmin = await call<AdminArticle>(server, 'GET', `${ADMIN}/${article.id}`, {
      token: admin.token,
    });
    expect(asAdmin.body.body).toBe(body);
  });

  it('answers 401 to a reader whose token is not valid, rather than pretending they are a guest', async () => {
    const article = await published();
    const read = await call(server, 'GET', `${ARTICLES}/${article.slug}`, { token: 'expired' });
    expect(read.status).toBe(401);
  });
});

describe('writing articles', () => {
  it('refuses a slug another article uses, on create and on edit, and keeps its own', async () => {
    const taken = await create({ slug: 'checking-your-pulse' });
    const duplicate = await call<Errors>(server, 'POST', ADMIN, {
      token: admin.token,
      body: anArticle({ slug: 'checking-your-pulse' }),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual([
      'slug: another article already uses "checking-your-pulse"; choose another address for this one.',
    ]);

    const other = await create({ slug: 'another-address' });
    const clash = await call<Errors>(server, 'PUT', `${ADMIN}/${other.id}`, {
      token: admin.token,
      body: anArticle({ slug: 'checking-your-pulse' }),
    });
    expect(clash.status).toBe(409);
    const kept = await call<AdminArticle>(server, 'PUT', `${ADMIN}/${taken.id}`, {
      token: admin.token,
      body: anArticle({ slug: 'checking-your-pulse', title: 'Checking your pulse, revised' }),
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      slug: 'checking-your-pulse',
      title: 'Checking your pulse, revised',
    });
  });

  it('edits every field, keeps the cover unless told, and tidies tags', async () => {
    const article = await create({ coverImage: '/education/pulse.svg' });
    const edited = await call<AdminArticle>(server, 'PUT', `${ADMIN}/${article.id}`, {
      token: admin.token,
      body: {
        slug: 'a-new-address',
        title: '  A new title  ',
        summary: 'A new summary that is long enough.',
        body: '# Heading\n\nNew body.',
        tags: ['Pulse', 'pulse', 'heart'],
        sources: [],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      slug: 'a-new-address',
      title: 'A new title',
      body: '# Heading\n\nNew body.',
      tags: ['pulse', 'heart'],
      sources: [],
      coverImage: '/education/pulse.svg',
      status: 'draft',
    });
    const cleared = await call<AdminArticle>(server, 'PUT', `${ADMIN}/${article.id}`, {
      token: admin.token,
      body: { ...anArticle(), slug: 'a-new-address', coverImage: null },
    });
    expect(cleared.body.coverImage).toBeNull();
  });

  it('answers 400 naming each bad field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ slug: 'Bad Slug!' }, 'slug: must be lowercase letters and digits'],
      [{ slug: 'ab' }, 'slug: must be at least 3 characters long'],
      [{ title: undefined }, 'title: is required'],
      [{ summary: 'short' }, 'summary: must be at least 10 characters long'],
      [{ body: '   ' }, 'body: must not be empty'],
      [{ tags: ['Blood Sugar'] }, 'tags.0: must be lowercase letters and digits joined by hyphens'],
      [
        { sources: [{ name: 'Evil', url: 'javascript:alert(1)' }] },
        'sources.0.url: must be a web address',
      ],
      [
        { sources: [{ name: 'A | B', url: 'https://example.org/' }] },
        'sources.0.name: must not contain',
      ],
      [{ coverImage: '/etc/passwd' }, 'coverImage: must be one of the illustrations'],
      [{ author: 'me' }, 'Request body: "author" is not a field this call accepts'],
    ];
    for (const [fields, message] of cases) {
      const { status, body } = await call<Errors>(server, 'POST', ADMIN, {
        token: admin.token,
        body: anArticle(fields),
      });
      expect(status, message).toBe(400);
      expect(body.errors.join(' | ')).toContain(message);
    }
    const badLimit = await list({ limit: '0' });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.errors?.[0]).toMatch(/^query limit: /);
    const badTag = await list({ tag: 'Not A Tag' });
    expect(badTag.body.errors?.[0]).toMatch(/^query tag: /);
    const badId = await call<Errors>(server, 'PUT', `${ADMIN}/not-a-uuid`, {
      token: admin.token,
      body: anArticle(),
    });
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0]).toMatch(/^path id: /);
  });

  it('refuses an uploaded cover that belongs to another article', async () => {
    const other = await create();
    const uploaded = await uploadCover(other.id, await picture(800, 600));
    const { coverImage } = (await uploaded.json()) as AdminArticle;
    const { status, body } = await call<Errors>(server, 'POST', ADMIN, {
      token: admin.token,
      body: anArticle({ coverImage }),
    });
    expect(status).toBe(400);
    expect(body.errors[0]).toMatch(/^coverImage: upload a cover for this article/);
  });

  it('logs every change as an audit line naming who, what and which article', async () => {
    const before = auditEvents().length;
    const article = await create();
    await call(server, 'PUT', `${ADMIN}/${article.id}`, {
      token: admin.token,
      body: anArticle({ slug: article.slug, title: 'Audited title' }),
    });
    await publish(article);
    await call(server, 'POST', `${ADMIN}/${article.id}/unpublish`, { token: admin.token });
    await server.request(`${ADMIN}/${article.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const events = auditEvents().slice(before);
    expect(events.map((event) => event.event)).toEqual([
      'article.created',
      'article.updated',
      'article.published',
      'article.unpublished',
      'article.deleted',
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ userId: admin.userId, articleId: article.id });
    }
    expect(events[1]).toMatchObject({ changed: ['title'] });
  });
});

describe('who may write', () => {
  it('refuses readers with 403 and strangers with 401 on every administrator call', async () => {
    const article = await create();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', ADMIN],
      ['GET', `${ADMIN}/${article.id}`],
      ['POST', ADMIN, anArticle()],
      ['PUT', `${ADMIN}/${article.id}`, anArticle()],
      ['POST', `${ADMIN}/${article.id}/publish`],
      ['POST', `${ADMIN}/${article.id}/unpublish`],
      ['DELETE', `${ADMIN}/${article.id}`],
      ['POST', `${ADMIN}/${article.id}/cover`],
    ];
    for (const [method, path, body] of calls) {
      const refused = await call<Errors>(server, method, path, { token: reader.token, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.errors).toEqual(['Your account is not allowed to do this.']);
      expect((await call(server, method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    const still = await call<AdminArticle>(server, 'GET', `${ADMIN}/${article.id}`, {
      token: admin.token,
    });
    expect(still.body).toMatchObject({ status: 'draft', title: article.title });
  });

  it('lists drafts and published articles to an admin, filtered by status', async () => {
    const draft = await create({ body: 'An ocelot in draft.' });
    const live = await published({ body: 'An ocelot in print.' });
    const all = await call<{ items: AdminArticle[] }>(server, 'GET', `${ADMIN}?q=ocelot`, {
      token: admin.token,
    });
    expect(all.body.items.map((item) => item.slug).sort()).toEqual([draft.slug, live.slug].sort());
    const drafts = await call<{ items: AdminArticle[] }>(
      server,
      'GET',
      `${ADMIN}?q=ocelot&status=draft`,
      { token: admin.token },
    );
    expect(drafts.body.items.map((item) => item.slug)).toEqual([draft.slug]);
  });
});

function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 11, g: 37, b: 89 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 51.5,-0.12' } })
    .toBuffer();
}

function uploadCover(
  id: string,
  content: Buffer,
  { name = 'cover.jpg', type = 'image/jpeg' } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), name);
  return server.request(`${ADMIN}/${id}/cover`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
}

describe('cover images', () => {
  it('re-encodes an upload as a WebP of at most 1600 x 1000 px without metadata, under a server-made name', async () => {
    const article = await create();
    const response = await uploadCover(article.id, await picture(3200, 1200), {
      name: '../../etc/passwd.jpg',
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as AdminArticle;
    expect(saved.coverImage).toMatch(/^\/uploads\/covers\/[0-9a-f-]{36}\.webp$/);

    const served = await server.request(saved.coverImage ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);

    // A second upload replaces the first, whose file is then gone.
    const second = (await (
      await uploadCover(article.id, await picture(400, 300))
    ).json()) as AdminArticle;
    expect(second.coverImage).not.toBe(saved.coverImage);
    expect((await server.request(saved.coverImage ?? '')).status).toBe(404);
    // A small picture is not blown up.
    const small = await sharp(
      Buffer.from(await (await server.request(second.coverImage ?? '')).arrayBuffer()),
    ).metadata();
    expect([small.width, small.height]).toEqual([400, 300]);

    // Deleting the article removes its cover too.
    await server.request(`${ADMIN}/${article.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect((await server.request(second.coverImage ?? '')).status).toBe(404);
    expect(auditEvents().some((event) => event.event === 'article.cover_changed')).toBe(true);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const article = await create();
    const response = await uploadCover(article.id, Buffer.from('just some text, honestly'), {
      name: 'cover.png',
      type: 'image/png',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      errors: ['Cover: must be a JPEG, PNG or WebP image.'],
      details: [
        { code: 'UNSUPPORTED_PICTURE', message: 'Cover: must be a JPEG, PNG or WebP image.' },
      ],
    });
    const after = await call<AdminArticle>(server, 'GET', `${ADMIN}/${article.id}`, {
      token: admin.token,
    });
    expect(after.body.coverImage).toBeNull();
  });

  it('says how to send it when the body is not multipart', async () => {
    const article = await create();
    const json = await call<Errors>(server, 'POST', `${ADMIN}/${article.id}/cover`, {
      token: admin.token,
      body: { file: 'data:image/png;base64,AAAA' },
    });
    expect(json.status).toBe(415);
    expect(json.body.errors).toEqual([
      'Cover: send it as multipart/form-data, in a field named file.',
    ]);
  });

  it('answers 404 for an article that does not exist', async () => {
    const response = await uploadCover(
      '00000000-0000-4000-8000-000000000000',
      await picture(10, 10),
    );
    expect(response.status).toBe(404);
  });
});
