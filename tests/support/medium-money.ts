import { LedgerReads } from '@khata/ledger';
import type { MediumService } from './medium-service.js';

/** A user's available wallet balance in paise, read through the ledger's own view. */
export async function walletOf(service: MediumService<unknown>, userId: string): Promise<number> {
  const kinds = await service.get(LedgerReads).availableByKind(userId);
  return kinds.find((kind) => kind.kind === 'wallet')?.available ?? 0;
}

/** How many ledger events were appended on a stream. */
export async function eventsOn(service: MediumService<unknown>, stream: string): Promise<number> {
  const { rows } = await service.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_events WHERE stream = $1',
    [stream],
  );
  return rows[0]!.n;
}
