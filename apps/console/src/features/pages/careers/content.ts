/** An open role; its words are in the `pages` texts (`careers.openings`), in this order. */
export interface Opening {
  id: string;
  title: string;
  team: string;
  location: string;
  type: string;
  summary: string;
  responsibilities: string[];
  requirements: string[];
}

/** The open roles' ids, in the order of their texts. */
export const OPENING_IDS = [
  'backend-engineer',
  'field-sales-jaipur',
  'support-associate',
  'reconciliation-analyst',
] as const;
