import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  addDays,
  ApprovalMessages,
  FundRequestMessages,
  indiaDay,
  Messages,
  type FundRequestRecord,
} from '@khata/domain';
import { readFileSync } from 'node:fs';
import { ApprovalsRepository } from '../../apps/api/src/approvals/approvals.repository.js';
import {
  SecondApprovals,
  type ApprovalAsked,
} from '../../apps/api/src/approvals/second-approvals.js';
import { AuditLog } from '../../apps/api/src/audit/audit.repository.js';
import type { AuthUser } from '../../apps/api/src/auth/auth-user.js';
import { ErrorKind } from '../../apps/api/src/common/errors.js';
import { CreateFundRequestCommand } from '../../apps/api/src/fund-requests/commands/create-fund-request.command.js';
import { CreateFundRequestHandler } from '../../apps/api/src/fund-requests/commands/create-fund-request.handler.js';
import { DecideFundRequestCommand } from '../../apps/api/src/fund-requests/commands/decide-fund-request.command.js';
import { DecideFundRequestHandler } from '../../apps/api/src/fund-requests/commands/decide-fund-request.handler.js';
import { SaveCompanyBankAccountCommand } from '../../apps/api/src/fund-requests/commands/save-company-bank-account.command.js';
import { SaveCompanyBankAccountHandler } from '../../apps/api/src/fund-requests/commands/save-company-bank-account.handler.js';
import { UploadStatementCommand } from '../../apps/api/src/fund-requests/commands/upload-statement.command.js';
import { UploadStatementHandler } from '../../apps/api/src/fund-requests/commands/upload-statement.handler.js';
import { FundRequestUpdatedEvent } from '../../apps/api/src/fund-requests/fund-request-updated.event.js';
import { FundRequestDecisions } from '../../apps/api/src/fund-requests/fund-request-decisions.js';
import { FundRequestsRepository } from '../../apps/api/src/fund-requests/fund-requests.repository.js';
import { NetworkScopes } from '../../apps/api/src/network/network-scopes.js';
import { given, type GivenUser } from '../support/given.js';
import { eventsOn, walletOf } from '../support/medium-money.js';
import {
  actorOf,
  newMediumService,
  NO_CONTEXT,
  PIN_CHECK,
  SEALING,
  USER_MAKING,
  type MediumService,
} from '../support/medium-service.js';
import { fund, ledgerViolations } from '../support/payouts.js';
import { refusalOf } from '../support/medium-refusals.js';

// A real 1×1 PNG: the proof of every request here.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// A minimal PDF, the other kind of proof taken.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let utrCounter = 0;
const newUtr = () => `UTR${Date.now() % 1e9}${++utrCounter}`;

/**
 * The decision on a fund request (DecideFundRequestHandler), on a database of its own: who
 * decides, once, from which account, and what a refusal leaves behind (nothing). Then what the
 * request and the bank statement are refused for (CreateFundRequestHandler,
 * UploadStatementHandler). The wire (statuses, the multipart upload, queues, sockets) is
 * tests/integration/fund-requests.
 */
describe('deciding a fund request: its upline or an admin, once, and nothing moves on a refusal', () => {
  let fundRequests: MediumService<DecideFundRequestHandler>;
  let admin: GivenUser;
  let bankId: string;

  beforeAll(async () => {
    fundRequests = await newMediumService(DecideFundRequestHandler, {
      real: [
        FundRequestsRepository,
        FundRequestDecisions,
        NetworkScopes,
        AuditLog,
        SecondApprovals,
        ApprovalsRepository,
        ...PIN_CHECK,
        ...SEALING,
        // To make the requests and the bank lines it decides on:
        CreateFundRequestHandler,
        SaveCompanyBankAccountHandler,
        UploadStatementHandler,
        ...USER_MAKING,
      ],
    });
    admin = await given(fundRequests).user({ role: 'admin', services: [] });
    bankId = (await newBank('HDFC Bank'))._id;
  }, 180_000);
  afterAll(async () => {
    await fundRequests.close();
  });

  const newBank = (bankName: string) =>
    fundRequests.get(SaveCompanyBankAccountHandler).execute(
      new SaveCompanyBankAccountCommand(
        actorOf(admin),
        {
          id: undefined,
          bankName,
          accountName: 'Khata Payments Pvt Ltd',
          accountNumber: `5010${Date.now() % 1e8}`,
          ifsc: 'HDFC0001234',
          active: true,
        },
        NO_CONTEXT,
      ),
    );

  const ask = (user: GivenUser, fields: Record<string, unknown> = {}, proof: Buffer = PNG) =>
    fundRequests.get(CreateFundRequestHandler).execute(
      new CreateFundRequestCommand(
        actorOf(user),
        {
          amount: '1000',
          mode: 'IMPS',
          utr: newUtr(),
          bankAccountId: bankId,
          depositDate: indiaDay(new Date()),
          remark: 'Top-up',
          ...fields,
        },
        proof,
        NO_CONTEXT,
      ),
    );

  const decide = (
    by: GivenUser | AuthUser,
    requestId: string,
    action: 'approve' | 'reject',
    { reason, lineId, pin }: { reason?: string; lineId?: string; pin?: string } = {},
  ) => {
    const actor = 'userId' in by ? by : actorOf(by);
    const givenPin = 'pin' in by ? by.pin : '1234';
    return fundRequests.sut.execute(
      new DecideFundRequestCommand(
        actor,
        requestId,
        action,
        reason,
        lineId,
        pin ?? givenPin,
        NO_CONTEXT,
      ),
    );
  };
  const streamOf = (request: { _id: string }) => `fund-request:${request._id}`;
  const stateOf = async (request: { _id: string }) =>
    (await fundRequests.get(FundRequestsRepository).find(fundRequests.db, request._id))!.state;

  /** A distributor with a wallet, and a retailer below it. */
  async function network(distributorPaise = 50_000_00) {
    const distributor = await given(fundRequests).user({ role: 'distributor' });
    const retailer = await given(fundRequests).user({ parent: distributor });
    if (distributorPaise) await fund(fundRequests, distributor, distributorPaise);
    return { distributor, retailer };
  }

  it('is paid by the distributor from its own wallet, once, audited, and announced', async () => {
    const { distributor, retailer } = await network();
    const request = await ask(retailer, { amount: '2500.50' });
    const approved = (await decide(distributor, request._id, 'approve')) as FundRequestRecord;
    expect(approved).toMatchObject({
      _id: request._id,
      state: 'approved',
      decidedBy: { _id: distributor.id },
      statementLineId: null,
    });
    expect(await walletOf(fundRequests, retailer.id)).toBe(2500_50);
    expect(await walletOf(fundRequests, distributor.id)).toBe(50_000_00 - 2500_50);
    const announced = fundRequests.published.filter(
      (event): event is FundRequestUpdatedEvent =>
        event instanceof FundRequestUpdatedEvent && event.id === request._id,
    );
    expect(announced.map((event) => event.state)).toEqual(['pending', 'approved']);

    await expect(refusalOf(decide(distributor, request._id, 'approve'))).resolves.toEqual({
      kind: ErrorKind.Conflict,
      message: FundRequestMessages.alreadyDecided('approved'),
    });
    expect(await eventsOn(fundRequests, streamOf(request))).toBe(1);
    const { rows: audit } = await fundRequests.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE details->>'id' = $1 ORDER BY id`,
      [request._id],
    );
    expect(audit.map((a) => a.action)).toEqual(['fund-request.create', 'fund-request.decision']);
  });

  it('credits once when six approvals come at the same moment, and has one winner between approve and reject', async () => {
    const { distributor, retailer } = await network();
    const first = await ask(retailer);
    const answers = await Promise.allSettled(
      Array.from({ length: 6 }, () => decide(distributor, first._id, 'approve')),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const losers = answers.filter((a) => a.status === 'rejected');
    expect(losers.map((a) => (a.reason as { kind: string }).kind)).toEqual(
      Array(5).fill(ErrorKind.Conflict),
    );
    expect(await eventsOn(fundRequests, streamOf(first))).toBe(1);
    expect(await walletOf(fundRequests, distributor.id)).toBe(50_000_00 - 1000_00);

    const second = await ask(retailer);
    const race = await Promise.allSettled([
      decide(distributor, second._id, 'approve'),
      decide(distributor, second._id, 'reject', { reason: 'No money seen' }),
      decide(distributor, second._id, 'approve'),
      decide(distributor, second._id, 'reject', { reason: 'No money seen' }),
    ]);
    expect(race.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const state = await stateOf(second);
    expect(await eventsOn(fundRequests, streamOf(second))).toBe(state === 'approved' ? 1 : 0);
    expect(await walletOf(fundRequests, distributor.id)).toBe(
      50_000_00 - 1000_00 - (state === 'approved' ? 1000_00 : 0),
    );
    expect(await ledgerViolations(fundRequests)).toEqual([]);
  });

  it('rejects only with a reason, moves nothing, and frees the UTR for a new request', async () => {
    const { distributor, retailer } = await network();
    const utr = newUtr();
    const request = await ask(retailer, { utr });
    await expect(refusalOf(decide(distributor, request._id, 'reject'))).resolves.toEqual({
      kind: ErrorKind.Invalid,
      message: FundRequestMessages.reasonRequired,
    });
    const rejected = await decide(distributor, request._id, 'reject', {
      reason: 'Proof unreadable',
    });
    expect(rejected).toMatchObject({ state: 'rejected', reason: 'Proof unreadable' });
    expect(await eventsOn(fundRequests, streamOf(request))).toBe(0);
    await expect(ask(retailer, { utr })).resolves.toMatchObject({ state: 'pending' });
  });

  it("is not found by a distributor outside the requester's upline, not decided by an admin or one above, and refused to an upline short of funds", async () => {
    const { distributor, retailer } = await network(500_00);
    const stranger = await network();
    const request = await ask(retailer);
    const notFound = { kind: ErrorKind.NotFound, message: FundRequestMessages.notFound };
    await expect(refusalOf(decide(stranger.distributor, request._id, 'approve'))).resolves.toEqual(
      notFound,
    );
    await expect(
      refusalOf(decide(stranger.distributor, '00000000-0000-4000-8000-000000000000', 'approve')),
    ).resolves.toEqual(notFound);
    await expect(refusalOf(decide(stranger.distributor, 'not-an-id', 'approve'))).resolves.toEqual(
      notFound,
    );
    // An admin sees it, but the retailer's distributor is the one who pays it.
    await expect(refusalOf(decide(admin, request._id, 'approve'))).resolves.toEqual({
      kind: ErrorKind.Forbidden,
      message: FundRequestMessages.notYourApproval(distributor.name),
    });
    // A super distributor above the distributor sees it, but does not decide it.
    const sd = await given(fundRequests).user({ role: 'sdistributor' });
    await fundRequests.db.query('UPDATE users SET parent_id = $1 WHERE id = $2', [
      sd.id,
      distributor.id,
    ]);
    await expect(refusalOf(decide(sd, request._id, 'approve'))).resolves.toMatchObject({
      kind: ErrorKind.Forbidden,
    });
    // A wrong PIN is refused before the request is read.
    const wrongPin = await refusalOf(decide(distributor, request._id, 'approve', { pin: '9999' }));
    expect([ErrorKind.Refused, ErrorKind.Invalid]).toContain(wrongPin.kind);
    await expect(refusalOf(decide(distributor, request._id, 'approve'))).resolves.toEqual({
      kind: ErrorKind.Refused,
      message: FundRequestMessages.approverLacksFunds,
    });
    expect(await eventsOn(fundRequests, streamOf(request))).toBe(0);
    expect(await stateOf(request)).toBe('pending');
    expect(await walletOf(fundRequests, retailer.id)).toBe(0);
  });

  it("sends a distributor's own request to an admin, whose word alone asks a second admin; the second one's approval pays from the funding account", async () => {
    const { distributor } = await network(0);
    const mine = await ask(distributor, { amount: '5000' });
    expect(mine.approver).toBeNull();
    await expect(refusalOf(decide(distributor, mine._id, 'approve'))).resolves.toMatchObject({
      kind: ErrorKind.Forbidden,
    });
    const asked = (await decide(admin, mine._id, 'approve')) as ApprovalAsked;
    expect(asked.pendingApproval).toMatchObject({ kind: 'fund-request.approve' });
    expect(await walletOf(fundRequests, distributor.id)).toBe(0);
    await expect(refusalOf(decide(admin, mine._id, 'approve'))).resolves.toEqual({
      kind: ErrorKind.Conflict,
      message: ApprovalMessages.alreadyAwaiting,
    });

    const second = await given(fundRequests).user({ role: 'admin', services: [] });
    const paid = await fundRequests.sut.execute(
      new DecideFundRequestCommand(
        actorOf(second),
        mine._id,
        'approve',
        undefined,
        undefined,
        undefined,
        NO_CONTEXT,
        { id: asked.pendingApproval._id, requestedBy: admin.id },
      ),
    );
    expect(paid).toMatchObject({ state: 'approved', decidedBy: { _id: second.id } });
    expect(await walletOf(fundRequests, distributor.id)).toBe(5000_00);
    const { rows } = await fundRequests.db.query<{ type: string; account: string }>(
      `SELECT e.type, split_part(a.code, '/', 1) AS account FROM ledger_events e
         JOIN ledger_postings p ON p.event_seq = e.seq AND p.amount < 0
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.stream = $1`,
      [streamOf(mine)],
    );
    expect(rows).toEqual([{ type: 'wallet.credited', account: 'system:funding' }]);
  });

  it("lets only an admin approve against a bank line: the line's own account, a matching one, once", async () => {
    const icici = await newBank('ICICI Bank');
    const direct = await given(fundRequests).user();
    const [u1, u2] = [newUtr(), newUtr()];
    const day = indiaDay(new Date());
    const r1 = await ask(direct, { bankAccountId: icici._id, utr: u1, amount: '1200.75' });
    const r2 = await ask(direct, { bankAccountId: icici._id, utr: u2, amount: '800' });
    const other = await ask(direct);
    const csv = ['date,utr,amount', `${day},${u1},1200.75`, `${day},${u2},900`].join('\n');
    await fundRequests
      .get(UploadStatementHandler)
      .execute(
        new UploadStatementCommand(
          actorOf(admin),
          icici._id,
          Buffer.from(csv),
          's.csv',
          NO_CONTEXT,
        ),
      );
    const lines = await fundRequests.get(FundRequestsRepository).lines(icici._id);
    const lineOf = (utr: string) => lines.find((line) => line.utr === utr)!.id;

    const { distributor } = await network();
    await expect(
      refusalOf(decide(distributor, r1._id, 'approve', { lineId: lineOf(u1) })),
    ).resolves.toEqual({ kind: ErrorKind.Forbidden, message: FundRequestMessages.onlyAdminsMatch });
    await expect(
      refusalOf(decide(admin, r2._id, 'approve', { lineId: lineOf(u2) })),
    ).resolves.toEqual({ kind: ErrorKind.Invalid, message: FundRequestMessages.lineMismatch });
    await expect(
      refusalOf(decide(admin, other._id, 'approve', { lineId: lineOf(u1) })),
    ).resolves.toEqual({ kind: ErrorKind.NotFound, message: FundRequestMessages.lineNotFound });

    const approved = await decide(admin, r1._id, 'approve', { lineId: lineOf(u1) });
    expect(approved).toMatchObject({ state: 'approved', statementLineId: lineOf(u1) });
    expect(await walletOf(fundRequests, direct.id)).toBe(1200_75);
    const { rows } = await fundRequests.db.query<{ line: string }>(
      `SELECT data->'fundRequest'->>'statementLineId' AS line FROM ledger_events WHERE stream = $1`,
      [streamOf(r1)],
    );
    expect(rows).toEqual([{ line: lineOf(u1) }]);
    // The line now supports r1: no other request may claim it.
    const twin = await ask(direct, { bankAccountId: icici._id, amount: '1200.75' });
    await expect(
      refusalOf(decide(admin, twin._id, 'approve', { lineId: lineOf(u1) })),
    ).resolves.toEqual({ kind: ErrorKind.Conflict, message: FundRequestMessages.lineClaimed });
  });
  it('refuses each field it cannot take with its message and stores nothing; takes a PDF, a bank by its name and each rail at its edge', async () => {
    const { retailer } = await network(0);
    const today = indiaDay(fundRequests.clock.now());
    const stored = async () =>
      (
        await fundRequests.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM fund_requests WHERE user_id = $1',
          [retailer.id],
        )
      ).rows[0]!.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '99.99' }, FundRequestMessages.amountBelowMinimum],
      [{ amount: 'abc' }, Messages.amountInvalid],
      [{ mode: 'BITCOIN' }, FundRequestMessages.modeRequired],
      // A rail that cannot carry the amount (issue 23): RTGS from ₹2 lakh, IMPS up to ₹5 lakh.
      [{ mode: 'RTGS', amount: '5000' }, FundRequestMessages.rtgsBelowMinimum],
      [{ mode: 'rtgs', amount: '199999.99' }, FundRequestMessages.rtgsBelowMinimum],
      [{ mode: 'IMPS', amount: '500000.01' }, FundRequestMessages.impsAboveMaximum],
      [{ utr: '' }, FundRequestMessages.referenceRequired],
      [{ utr: 'UTR#1' }, FundRequestMessages.referenceInvalid],
      [{ depositDate: addDays(today, 1) }, FundRequestMessages.dateInFuture],
      [{ depositDate: '2025-02-30' }, FundRequestMessages.dateRequired],
      [{ bankAccountId: '00000000-0000-4000-8000-000000000000' }, FundRequestMessages.bankNotFound],
      [{ bankAccountId: undefined }, FundRequestMessages.bankRequired],
    ];
    for (const [fields, message] of cases) {
      await expect(
        refusalOf(ask(retailer, fields)).then((answer) => ({ fields, answer })),
      ).resolves.toEqual({
        fields,
        answer: { kind: ErrorKind.Invalid, message },
      });
    }
    // Text that only claims to be a picture (the upload says image/png): its bytes decide.
    await expect(refusalOf(ask(retailer, {}, Buffer.from('not an image')))).resolves.toEqual({
      kind: ErrorKind.Invalid,
      message: FundRequestMessages.proofNotAccepted,
    });
    expect(await stored()).toBe(0);

    await expect(ask(retailer, {}, PDF)).resolves.toMatchObject({ proofType: 'application/pdf' });
    // API.md's `bankName` names the account when one active account has it.
    await expect(
      ask(retailer, { bankAccountId: undefined, bankName: 'hdfc bank' }),
    ).resolves.toMatchObject({ state: 'pending', bank: { _id: bankId } });
    // At the rails' edges the mode fits: RTGS for exactly ₹2 lakh, IMPS for exactly ₹5 lakh.
    await expect(ask(retailer, { mode: 'RTGS', amount: '200000' })).resolves.toMatchObject({
      amount: 200000,
    });
    await expect(ask(retailer, { mode: 'IMPS', amount: '500000' })).resolves.toMatchObject({
      amount: 500000,
    });
    expect(await stored()).toBe(4);
  });

  it('refuses a UTR already used for the same bank, whoever sends it and in any case, and gives it to one of three sent at once', async () => {
    const first = await network(0);
    const other = await network(0);
    const utr = newUtr();
    await expect(ask(first.retailer, { utr })).resolves.toMatchObject({ state: 'pending' });
    const utrUsed = { kind: ErrorKind.Conflict, message: FundRequestMessages.utrUsed };
    await expect(refusalOf(ask(other.retailer, { utr: utr.toLowerCase() }))).resolves.toEqual(
      utrUsed,
    );
    // Three at the same moment, each on its own connection: the unique index lets one in.
    const twins = await Promise.all(
      [1, 2, 3].map(async () => {
        const asked = ask(first.retailer, { utr: `${utr}X` });
        try {
          await asked;
          return 'taken';
        } catch {
          return refusalOf(asked);
        }
      }),
    );
    expect(twins.filter((twin) => twin === 'taken')).toHaveLength(1);
    expect(twins.filter((twin) => twin !== 'taken')).toEqual([utrUsed, utrUsed]);
    const { rows } = await fundRequests.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM fund_requests WHERE upper(utr) = upper($1)',
      [`${utr}X`],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses a malformed statement with its line number and stores nothing; takes the sample', async () => {
    const upload = (text: string) =>
      fundRequests
        .get(UploadStatementHandler)
        .execute(
          new UploadStatementCommand(
            actorOf(admin),
            bankId,
            Buffer.from(text),
            's.csv',
            NO_CONTEXT,
          ),
        );
    const statements = async () =>
      (await fundRequests.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_statements'))
        .rows[0]!.n;
    const before = await statements();
    const today = indiaDay(fundRequests.clock.now());
    const bad: [string, string][] = [
      [
        `date,utr,amount\n${today},A1,100\n${today},A2,ten`,
        FundRequestMessages.statementUnreadable(3, 'the amount must be rupees above zero.'),
      ],
      [
        `date,utr,amount\n31-31-2025,A1,100`,
        FundRequestMessages.statementUnreadable(2, 'the date must be YYYY-MM-DD or DD-MM-YYYY.'),
      ],
      [
        `date,utr,amount\n${today},A1,100\n${today},A1,100`,
        FundRequestMessages.statementUnreadable(3, 'the UTR A1 appears twice.'),
      ],
      [
        `date,utr,amount\n${today},"A1,100`,
        FundRequestMessages.statementUnreadable(2, 'it is not well-formed CSV.'),
      ],
      [`when,what\n${today},A1`, FundRequestMessages.statementColumns],
      ['', FundRequestMessages.statementRequired],
    ];
    for (const [text, message] of bad) {
      await expect(refusalOf(upload(text)).then((answer) => ({ text, answer }))).resolves.toEqual({
        text,
        answer: { kind: ErrorKind.Invalid, message },
      });
    }
    expect(await statements()).toBe(before);
    const sample = readFileSync(new URL('../../docs/samples/bank-statement.csv', import.meta.url));
    await expect(upload(sample.toString())).resolves.toMatchObject({ repeated: false });
    expect(await statements()).toBe(before + 1);
  });
});
