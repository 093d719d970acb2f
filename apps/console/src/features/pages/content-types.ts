/** The shapes of the copy in the feature's content.ts files. */

export interface Highlight {
  title: string;
  body: string;
}

export interface Faq {
  question: string;
  answer: string;
}

/** The opening of a page: its h1 and the lines under it. */
export interface PageIntroContent {
  /** The browser tab's title; the heading when absent. */
  pageTitle?: string;
  eyebrow: string;
  title: string;
  lead: string;
}
