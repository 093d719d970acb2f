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
