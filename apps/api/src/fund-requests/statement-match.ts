import type { Paise } from '@khata/domain';

/** What a match needs of a request and of a statement line. */
export interface MatchRequest {
  id: string;
  utr: string;
  amount: Paise;
  depositDate: string;
  state: 'pending' | 'approved' | 'rejected';
  statementLineId: string | null;
}

export interface MatchLine {
  id: string;
  utr: string;
  amount: Paise;
  date: string;
  fundRequestId: string | null;
}

export interface MatchResult<R, L> {
  proposals: { request: R; line: L }[];
  unsupported: { request: R; why: string }[];
  unclaimed: L[];
  reconciled: { request: R; line: L }[];
}

/**
 * A bank statement against the requests of its account. A line supports a request when the
 * UTR, the amount (to the paisa) and the date all agree; a pending request so supported is
 * proposed for approval, one that is not is flagged with why, and a line neither claimed by an
 * approved request nor proposed is flagged as unclaimed.
 */
export function matchStatement<R extends MatchRequest, L extends MatchLine>(
  requests: readonly R[],
  lines: readonly L[],
): MatchResult<R, L> {
  const byUtr = new Map(lines.map((line) => [line.utr, line]));
  const byId = new Map(lines.map((line) => [line.id, line]));
  const used = new Set<string>();
  const result: MatchResult<R, L> = {
    proposals: [],
    unsupported: [],
    unclaimed: [],
    reconciled: [],
  };
  for (const request of requests) {
    if (request.state !== 'approved' || !request.statementLineId) continue;
    const line = byId.get(request.statementLineId);
    if (line) {
      used.add(line.id);
      result.reconciled.push({ request, line });
    }
  }
  for (const request of requests) {
    if (request.state !== 'pending') continue;
    const line = byUtr.get(request.utr);
    const why = !line
      ? 'No bank line has this UTR.'
      : line.fundRequestId || used.has(line.id)
        ? 'The bank line with this UTR supports another request.'
        : line.amount !== request.amount
          ? 'The bank line with this UTR has another amount.'
          : line.date !== request.depositDate
            ? 'The bank line with this UTR has another date.'
            : null;
    if (why || !line) {
      result.unsupported.push({ request, why: why ?? '' });
      continue;
    }
    used.add(line.id);
    result.proposals.push({ request, line });
  }
  result.unclaimed = lines.filter((line) => !line.fundRequestId && !used.has(line.id));
  return result;
}

/** Whether one line supports one request (the same rule, for an approval against a line). */
export function lineSupports(line: MatchLine, request: MatchRequest): boolean {
  return (
    line.utr === request.utr && line.amount === request.amount && line.date === request.depositDate
  );
}
