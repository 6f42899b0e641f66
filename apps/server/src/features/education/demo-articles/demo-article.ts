import type { ArticleSource, StockCover } from '@vitalia/api/education.contract';

/** An article written for Vitalia's demo content: original text citing its public sources. */
export interface DemoArticle {
  slug: string;
  title: string;
  summary: string;
  cover: StockCover;
  tags: string[];
  sources: ArticleSource[];
  body: string;
}

/** Markdown written indented in the source file, without its common indent. */
export function markdown(text: string): string {
  const lines = text.replace(/^\n/, '').replace(/\s+$/, '').split('\n');
  const indent = Math.min(
    ...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)?.[0].length ?? 0),
  );
  return lines.map((line) => line.slice(indent)).join('\n');
}
