import { describe, expect, it } from '@jest/globals';
import { StatementOrder } from './statement.js';

describe('StatementOrder, the order check of a streamed statement', () => {
  it('lets lines through in order: the posting, then the event, then the part', () => {
    const order = new StatementOrder();
    for (const [anchor, seq, ord] of [
      [0, 3, 1],
      [10, 4, 1],
      [10, 4, 2],
      [10, 6, 1],
      [11, 7, 1],
    ]) {
      expect(() => order.next({ anchor, seq, ord })).not.toThrow();
    }
  });

  it('reads the cursor’s text figures as numbers, and refuses a line that comes back', () => {
    const order = new StatementOrder();
    order.next({ anchor: '9', seq: '12', ord: '2' });
    expect(() => order.next({ anchor: '10', seq: '3', ord: '1' })).not.toThrow();
    expect(() => order.next({ anchor: '9', seq: '13', ord: '1' })).toThrow(/out of order/);
  });
});
