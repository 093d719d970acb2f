/** One blog article; its words are in the `pages` texts (`blog.articles`), in this order. */
export interface Article {
  slug: string;
  title: string;
  /** ISO date of publication. */
  published: string;
  author: string;
  summary: string;
  body: string[];
}

export type ArticleTexts = Omit<Article, 'slug' | 'published'>;

/** Each article's anchor and date, newest first, in the order of their texts. */
export const ARTICLES = [
  { slug: 'imps-neft-rtgs', published: '2026-10-28' },
  { slug: 'aeps-counter-safety', published: '2026-09-30' },
  { slug: 'eleven-month-rent-agreement', published: '2026-08-19' },
  { slug: 'reading-your-ledger', published: '2026-07-08' },
] as const satisfies readonly Pick<Article, 'slug' | 'published'>[];

const WORDS_PER_MINUTE = 200;

export function readingMinutes(article: Article): number {
  const words = article.body.join(' ').split(/\s+/).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
