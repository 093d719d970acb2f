/** Money reached a wallet; projections and (later) the socket gateway react after commit. */
export class WalletMovedEvent {
  constructor(
    readonly eventId: string,
    readonly fromUserId: string | null,
    readonly toUserId: string,
    readonly amount: number,
  ) {}
}
