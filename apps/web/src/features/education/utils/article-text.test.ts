import { describe, expect, it } from 'vitest';
import { normaliseTag, siteOf, slugOf, tagHref, tagLabel } from './article-text';

describe('article text', () => {
  it.each([
    ['mental-health', 'Mental health'],
    ['bmi', 'BMI'],
    ['blood-sugar', 'Blood sugar'],
    ['heart', 'Heart'],
  ])('labels the tag %s as %s', (tag, label) => {
    expect(tagLabel(tag)).toBe(label);
  });

  it('links a tag to the list filtered by it', () => {
    expect(tagHref('mental-health')).toBe('/education?tag=mental-health');
  });

  it.each([
    ['Blood Sugar ', 'blood-sugar'],
    ['  Heart & lungs', 'heart-lungs'],
    ['--x--', 'x'],
  ])('stores the typed tag %j as %s', (typed, tag) => {
    expect(normaliseTag(typed)).toBe(tag);
  });

  it('suggests a slug from a title, accents dropped, at most 80 characters', () => {
    expect(slugOf('Checking your pulse: a guide')).toBe('checking-your-pulse-a-guide');
    expect(slugOf('Café au lait spots')).toBe('cafe-au-lait-spots');
    expect(slugOf(`${'word '.repeat(30)}`)).toHaveLength(79);
    expect(slugOf('!!!')).toBe('');
  });

  it('names a source by its site', () => {
    expect(siteOf('https://www.who.int/news-room/fact-sheets')).toBe('who.int');
    expect(siteOf('not an address')).toBe('not an address');
  });
});
