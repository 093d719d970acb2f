import { AppPath } from '../../../app/paths';

/** The hub's card links here: the flow opened on a category. */
export const CATEGORY_PARAM = 'category';

/** `/admin/newBBPS?category=<code>`. */
export function newBbpsPathFor(category: string): string {
  return `${AppPath.newBBPS}?${new URLSearchParams({ [CATEGORY_PARAM]: category }).toString()}`;
}
