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
 *
 * The setter merges into the address as it is when called, not as it was at the last render:
 * two changes before React renders again (From, then To, typed in quick succession) would
 * otherwise each start from the same old filter, and the second would drop the first.
 */
export function useUrlFilter<F extends object>(
  read: (params: UrlParams) => F,
): [F, (change: Partial<F>) => void] {
  const [search, setSearch] = useSearchParams();
  const filter = read(urlParams(search));
  const change = (next: Partial<F>) => {
    const latest = read(urlParams(new URLSearchParams(window.location.search)));
    const written = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...latest, ...next })) {
      if (value !== undefined && value !== '') written.set(key, String(value));
    }
    setSearch(written, { replace: true });
  };
  return [filter, change];
}

function urlParams(search: URLSearchParams): UrlParams {
  return {
    positive: (name, fallback, max = Number.MAX_SAFE_INTEGER) => {
      const value = Number(search.get(name));
      return Number.isInteger(value) && value > 0 && value <= max ? value : fallback;
    },
    text: (name) => search.get(name) || undefined,
    pick: (name, allowed) => allowed.find((option) => option === search.get(name)),
  };
}
