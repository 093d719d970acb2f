import type { AppPathPattern } from '../../../app/paths';
import type { Faq, Highlight, PageIntroContent } from '../content-types';

export interface ServiceAction {
  label: string;
  to: AppPathPattern;
  primary?: boolean;
}

/** Everything a service page says; ServicePage lays it out. */
export interface ServicePageContent {
  intro: PageIntroContent;
  actions: ServiceAction[];
  offer: { title: string; intro: string; items: Highlight[] };
  steps: { title: string; intro: string; items: Highlight[] };
  faqs: { title: string; items: Faq[] };
  closing: { title: string; body: string; action: ServiceAction };
}

/** A service page's words as the `pages` texts hold them (`services.<page>`). */
export interface ServicePageTexts extends Omit<ServicePageContent, 'actions' | 'closing'> {
  /** The labels of the page's actions, in the order of ServiceLinks.actions. */
  actions: string[];
  closing: { title: string; body: string; action: string };
}

/** Where a service page's buttons lead: not words, so kept in code. */
export interface ServiceLinks {
  actions: Omit<ServiceAction, 'label'>[];
  closing: AppPathPattern;
}

/** The page's words and its links, together. */
export function servicePage(texts: ServicePageTexts, links: ServiceLinks): ServicePageContent {
  return {
    ...texts,
    actions: links.actions.map((action, index) => ({
      ...action,
      label: texts.actions[index] ?? '',
    })),
    closing: {
      title: texts.closing.title,
      body: texts.closing.body,
      action: { label: texts.closing.action, to: links.closing },
    },
  };
}
