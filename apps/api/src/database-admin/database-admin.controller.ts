import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  databasePaging,
  DatabaseMessages,
  type ChainHeadsAnswer,
  type DatabaseOverview,
  type LedgerKeyAnswer,
  type SignedHeadFile,
  type SignedHeadsAnswer,
  type StartVerifyAnswer,
} from '@khata/domain';
import type { Response } from 'express';
import { ForMenuItem, Public } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { pageOf } from '../common/http/paging.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { StartVerifyCommand } from './commands/start-verify.command.js';
import { DatabasePageDto, SignedHeadDto } from './database-admin.dto.js';
import { GetDatabaseOverviewQuery } from './queries/get-database-overview.query.js';
import { GetLedgerKeyQuery } from './queries/get-ledger-key.query.js';
import { GetSignedHeadQuery } from './queries/get-signed-head.query.js';
import { ListChainHeadsQuery } from './queries/list-chain-heads.query.js';
import { ListSignedHeadsQuery } from './queries/list-signed-heads.query.js';
import { signedHeadFile } from './signed-head-file.js';

/** Database (`/admin/database`, issue 14): read-only, admins only (the menu item's rule). */
@Controller()
export class DatabaseAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('admin/database')
  @HttpCode(200)
  @ForMenuItem('database')
  async overview(): Promise<DatabaseOverview> {
    return { success: true, ...(await this.queries.execute(new GetDatabaseOverviewQuery())) };
  }

  @Post('admin/database/verify')
  @HttpCode(200)
  @ForMenuItem('database')
  async verify(
    @CurrentUser() admin: AuthUser,
    @Context() context: RequestContext,
  ): Promise<StartVerifyAnswer> {
    const { started, run } = await this.commands.execute(new StartVerifyCommand(admin, context));
    return {
      success: true,
      message: started ? DatabaseMessages.verifyStarted : DatabaseMessages.verifyAlreadyRunning,
      started,
      run,
    };
  }

  @Post('admin/database/chainHeads')
  @HttpCode(200)
  @ForMenuItem('database')
  async chainHeads(@Body() body: DatabasePageDto): Promise<ChainHeadsAnswer> {
    const { page, pageSize } = pageOf(body, databasePaging);
    const { rows, total } = await this.queries.execute(new ListChainHeadsQuery(page, pageSize));
    return { success: true, data: rows, total, page, pageSize };
  }

  @Post('admin/database/signedHeads')
  @HttpCode(200)
  @ForMenuItem('database')
  async signedHeads(@Body() body: DatabasePageDto): Promise<SignedHeadsAnswer> {
    const { page, pageSize } = pageOf(body, databasePaging);
    const { rows, total } = await this.queries.execute(new ListSignedHeadsQuery(page, pageSize));
    return {
      success: true,
      data: rows.map((head) => ({
        day: head.day,
        seq: Number(head.seq),
        digest: head.digest.toString('hex'),
        signedAt: head.signedAt.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  }

  /** A day's signed head as a JSON file to keep and check outside Khata. */
  @Post('admin/database/signedHead')
  @HttpCode(200)
  @ForMenuItem('database')
  async signedHead(
    @Body() body: SignedHeadDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignedHeadFile> {
    const head = await this.queries.execute(new GetSignedHeadQuery(body.day));
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="khata-ledger-head-${head.day}.json"`,
    );
    response.setHeader('Cache-Control', 'no-store');
    return signedHeadFile(head);
  }

  /** The public key the ledger's heads are signed with, for anyone to check them. */
  @Get('public/ledger-key')
  @Public()
  async ledgerKey(): Promise<LedgerKeyAnswer> {
    return {
      success: true,
      algorithm: 'Ed25519',
      publicKey: await this.queries.execute(new GetLedgerKeyQuery()),
    };
  }
}
