// How a search of the articles is asked of PostgreSQL's full-text search
// (docs/decisions/0025-article-search.md). Every word counts but none is required: an article
// matching more of the words ranks higher, so 'blood pressure salt' finds the blood pressure
// articles even where salt is not mentioned. A few abbreviations people type ('bp', 'bmi') are
// also searched as the words the articles use. "Quoted words" are searched as a phrase, and a
// word after a minus sign keeps out the articles that have it.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * What people type, beside the words the articles are written in. Each side is searched for
 * the other, so 'glucose' finds 'blood sugar' as well.
 */
export const searchSynonyms: Readonly<Record<string, readonly string[]>> = {
  bp: ['blood pressure'],
  hypertension: ['high blood pressure'],
  htn: ['hypertension', 'high blood pressure'],
  bmi: ['body mass index'],
  weight: ['bmi', 'body mass index'],
  spo2: ['oxygen saturation'],
  o2: ['oxygen'],
  oxygen: ['spo2'],
  sugar: ['glucose'],
  glucose: ['blood sugar'],
  diabetes: ['blood sugar'],
  hr: ['pulse', 'heart rate'],
  pulse: ['heart rate'],
  temp: ['temperature'],
  fever: ['temperature'],
  fev1: ['spirometry', 'lung function'],
  cholesterol: ['lipids'],
  ldl: ['cholesterol'],
  hdl: ['cholesterol'],
};

export interface ParsedSearch {
  /** Each a word or a phrase; an article matching more of them ranks higher. */
  terms: string[][];
  /** Words an article must not have. */
  excluded: string[];
}

/** Splits a search into phrases, words (each with its synonyms) and excluded words. */
export function parseSearch(text: string): ParsedSearch {
  const terms: string[][] = [];
  const excluded: string[] = [];
  for (const match of text.matchAll(/(-?)"([^"]*)"|(-?)([^\s"]+)/g)) {
    const [, phraseMinus, phrase, wordMinus, word] = match;
    if (phrase !== undefined) {
      const words = phrase.trim();
      if (!words) continue;
      if (phraseMinus) excluded.push(words);
      else terms.push([words]);
      continue;
    }
    if (!word) continue;
    if (wordMinus && word.length > 0) {
      excluded.push(word);
      continue;
    }
    const key = word.toLocaleLowerCase('en');
    terms.push([word, ...(searchSynonyms[key] ?? [])]);
  }
  return { terms, excluded };
}

const phrase = (words: string) => sql`phraseto_tsquery('english', ${words})`;

/** One term as a tsquery: the word or phrase, or any of its synonyms. */
function termQuery(alternatives: readonly string[]): SQL {
  return sql`(${sql.join(alternatives.map(phrase), sql` || `)})`;
}

/**
 * The condition an article matches and its rank: how many of the terms it has, plus
 * ts_rank (scaled below 1, title words counting most) to order articles that have as many.
 * Undefined when the search holds no word to look for.
 */
export function articleSearch(
  column: SQLWrapper,
  text: string,
): { match: SQL; rank: SQL<string> } | undefined {
  const { terms, excluded } = parseSearch(text);
  if (terms.length === 0) return undefined;
  const anyTerm = sql`(${sql.join(terms.map(termQuery), sql` || `)})`;
  const matched = sql.join(
    terms.map((term) => sql`(${column} @@ ${termQuery(term)})::int`),
    sql` + `,
  );
  const keptOut = excluded.map((words) => sql`not (${column} @@ ${phrase(words)})`);
  return {
    match: sql.join([sql`${column} @@ ${anyTerm}`, ...keptOut], sql` and `),
    rank: sql<string>`((${matched}) + ts_rank(${column}, ${anyTerm}, 32))::real`,
  };
}
