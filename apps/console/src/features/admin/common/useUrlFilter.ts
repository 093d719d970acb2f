import { useSearchParams } from 'react-router-dom';

/** Reads one screen's filter out of the address's query string, checking every value. */
export interface UrlParams {
  /** A whole number from 1 to `max`, else the fallback (page numbers and sizes). */
  positive(name: string, fallback: number, max?: number): number;
  /** The text as typed, or undefined when empty. */
  text(name: string): string | undefined;
  /** One of the allowed values, or undefined. */
  pick<T extends string>(name: string, allowed: readonly T[]): T | undefined;
}

/**
 * A report screen's filter kept in the address, so a search can be reloaded, shared and gone
 * back to. `read` turns the query string into the filter; the setter merges a change into it
 * and writes back every value that is set.
 */
export function useUrlFilter<F extends object>(
  read: (params: UrlParams) => F,
): [F, (change: Partial<F>) => void] {
  const [search, setSearch] = useSearchParams();
  const params: UrlParams = {
    positive: (name, fallback, max = Number.MAX_SAFE_INTEGER) => {
      const value = Number(search.get(name));
      return Number.isInteger(value) && value > 0 && value <= max ? value : fallback;
    },
    text: (name) => search.get(name) || undefined,
    pick: (name, allowed) => allowed.find((option) => option === search.get(name)),
  };
  const filter = read(params);
  const change = (next: Partial<F>) => {
    const written = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filter, ...next })) {
      if (value !== undefined && value !== '') written.set(key, String(value));
    }
    setSearch(written, { replace: true });
  };
  return [filter, change];
}
