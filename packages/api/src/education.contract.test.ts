import { describe, expect, it } from 'vitest';
import { MEASURES } from '@vitalia/health/measure.catalog';
import {
  ASSESSMENT_RISKS,
  RISK_ARTICLE_SLUGS,
  articleRequest,
  articleSlugForMeasureSlug,
  articlesUrl,
  readingMinutes,
} from './education.contract.ts';

describe('reading time', () => {
  it('counts words at about 200 a minute, never less than one minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('## Heading\n\n- one two three')).toBe(1);
    expect(readingMinutes('word '.repeat(400))).toBe(2);
    expect(readingMinutes('word '.repeat(500))).toBe(3);
    // Markdown punctuation is not a word.
    expect(readingMinutes(`${'** -- ## > '.repeat(1000)}word`)).toBe(1);
  });
});

describe('links from other screens', () => {
  it('names an article for every measure, by the web slug of /healths/{slug}', () => {
    for (const measure of Object.values(MEASURES)) {
      expect(articleSlugForMeasureSlug(measure.slug), measure.slug).toMatch(/^[a-z0-9-]+$/);
    }
    expect(articleSlugForMeasureSlug('blood-sugar')).toBe('blood-sugar');
    expect(articleSlugForMeasureSlug('pulse')).toBe('resting-heart-rate');
    expect(articleSlugForMeasureSlug('unknown')).toBeUndefined();
  });

  it('names an article for every answer of the assessment', () => {
    expect(RISK_ARTICLE_SLUGS[ASSESSMENT_RISKS.smoke]).toBe('smoking');
    expect(RISK_ARTICLE_SLUGS[ASSESSMENT_RISKS.herbalConcotion]).toBe('herbal-concoctions');
    expect(Object.keys(ASSESSMENT_RISKS)).toHaveLength(7);
  });
});

describe('the list address', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(articlesUrl()).toBe('/api/v1/education/articles');
    expect(articlesUrl({ q: 'blood & sugar', tag: '', cursor: undefined })).toBe(
      '/api/v1/education/articles?q=blood+%26+sugar',
    );
  });
});

describe('an article as an administrator writes it', () => {
  const valid = {
    slug: 'checking-your-pulse',
    title: 'Checking your pulse',
    summary: 'How to count your heartbeats at the wrist.',
    body: 'Two fingers on the wrist.',
    tags: ['Pulse', 'pulse', 'heart'],
    sources: [{ name: 'AHA', url: 'https://www.heart.org/' }],
  };

  it('is accepted, with tags lower-cased and repeated ones dropped', () => {
    expect(articleRequest.parse(valid).tags).toEqual(['pulse', 'heart']);
  });

  it('keeps raw HTML in the body as written: showing it safely is the reader’s job', () => {
    const body = '<script>alert(1)</script>';
    expect(articleRequest.parse({ ...valid, body }).body).toBe(body);
  });

  it('refuses addresses, links and covers that could mislead or harm', () => {
    const problems = (fields: Record<string, unknown>) =>
      articleRequest
        .safeParse({ ...valid, ...fields })
        .error?.issues.map((issue) => issue.path.join('.'));
    expect(problems({ slug: 'Has Spaces' })).toEqual(['slug']);
    expect(problems({ slug: 'double--hyphen' })).toEqual(['slug']);
    expect(problems({ sources: [{ name: 'x', url: 'javascript:alert(1)' }] })).toEqual([
      'sources.0.url',
    ]);
    expect(problems({ coverImage: 'https://evil.example/tracker.gif' })).toEqual(['coverImage']);
    expect(problems({ coverImage: '/education/../../secrets.svg' })).toEqual(['coverImage']);
    expect(problems({ coverImage: '/education/pulse.svg' })).toBeUndefined();
  });
});
