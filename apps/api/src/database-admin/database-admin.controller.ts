import { Body, Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import {
  DatabaseMessages,
  type ChainHeadsAnswer,
  type DatabaseOverview,
  type LedgerKeyAnswer,
  type QueueDepth,
  type SignedHeadFile,
  type SignedHeadsAnswer,
  type StartVerifyAnswer,
} from '@khata/domain';
import { publicKeyPem, signedHead, signedHeads } from '@khata/ledger';
import type { Response } from 'express';
import { ForMenuItem, Public } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { Db } from '../database/unit-of-work.js';
import { JobQueue } from '../jobs/job-queue.js';
import { DatabasePageDto, SignedHeadDto } from './database-admin.dto.js';
import { DatabaseAdminRepository } from './database-admin.repository.js';
import { signedHeadFile } from './signed-head-file.js';
import { VerifyRuns } from './verify-runs.service.js';

/** Database (`/admin/database`, issue 14): read-only, admins only (the menu item's rule). */
@Controller()
export class DatabaseAdminController {
  constructor(
    private readonly repository: DatabaseAdminRepository,
    private readonly verifyRuns: VerifyRuns,
    private readonly jobs: JobQueue,
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('admin/database')
  @HttpCode(200)
  @ForMenuItem('database')
  async overview(): Promise<DatabaseOverview> {
    const [tables, lastVerify, readModel, migrations, queues] = await Promise.all([
      this.repository.tables(),
      this.repository.lastVerifyRun(),
      this.repository.readModelLag(),
      this.repository.migrations(),
      this.queueDepths(),
    ]);
    return { success: true, tables, lastVerify, readModel, queues, migrations };
  }

  /** Redis down is news for the screen, not a failed page: the queue shows no figures. */
  private async queueDepths(): Promise<QueueDepth[]> {
    try {
      return [await this.jobs.depths()];
    } catch {
      return [];
    }
  }

  @Post('admin/database/verify')
  @HttpCode(200)
  @ForMenuItem('database')
  async verify(
    @CurrentUser() admin: AuthUser,
    @Context() context: RequestContext,
  ): Promise<StartVerifyAnswer> {
    const { started, run } = await this.verifyRuns.start(admin, context);
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
    const page = Number(body.page ?? 1);
    const pageSize = Number(body.pageSize ?? 20);
    const { rows, total } = await this.repository.chainHeads({
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { success: true, data: rows, total, page, pageSize };
  }

  @Post('admin/database/signedHeads')
  @HttpCode(200)
  @ForMenuItem('database')
  async signedHeads(@Body() body: DatabasePageDto): Promise<SignedHeadsAnswer> {
    const page = Number(body.page ?? 1);
    const pageSize = Number(body.pageSize ?? 20);
    const { rows, total } = await signedHeads(this.db, {
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
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
    const head = await signedHead(this.db, body.day);
    if (!head) throw new AppError(ErrorKind.NotFound, DatabaseMessages.noSignedHead(body.day));
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
  ledgerKey(): LedgerKeyAnswer {
    return {
      success: true,
      algorithm: 'Ed25519',
      publicKey: publicKeyPem(this.config.ledgerSigningKey),
    };
  }
}
