import { paths } from '../../../lib/paths';
// How articles' dates, tags and reading times read on screen.

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });
const shortDateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** '3 May 2026' in the browser's time zone; the text as given when it is not a date. */
export function formatArticleDate(iso: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (style === 'long' ? dateFormat : shortDateFormat).format(date);
}

export function readingTimeText(minutes: number): string {
  return `${minutes} min read`;
}

// Tags are slugs; a few are abbreviations that read wrongly in sentence case.
const tagWords: Readonly<Record<string, string>> = { bmi: 'BMI', fev1: 'FEV1', copd: 'COPD' };

/** 'mental-health' -> 'Mental health'; 'bmi' -> 'BMI'. */
export function tagLabel(tag: string): string {
  const words = tag.split('-').map((word) => tagWords[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The address of the list of articles with this tag. */
export function tagHref(tag: string): string {
  return paths.articlesTagged(tag);
}

/** What a person types as a tag, as the server stores it: 'Blood Sugar ' -> 'blood-sugar'. */
export function normaliseTag(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** 'Checking your pulse: a guide' -> 'checking-your-pulse-a-guide', at most 80 characters. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** 'https://www.who.int/news/...' -> 'who.int'; the text as given when it is not an address. */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
