import { AnswersAlso } from '../api-docs/answers.js';
import { ApiProduces } from '@nestjs/swagger';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApprovalMessages,
  FundRequestMessages,
  type PendingApprovalAnswer,
  type CompanyBankAccountsAnswer,
  type FundDecisionAnswer,
  type FundRequestAnswer,
  type FundRequestListAnswer,
  type SaveCompanyBankAccountAnswer,
  type StatementMatchesAnswer,
  type StatementUploadAnswer,
} from '@khata/domain';
import type { Response } from 'express';
import { isApprovalAsked } from '../approvals/second-approvals.js';
import { ForKinds, ForMenuItem, NotInLinkSession, SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { pageOf } from '../common/http/paging.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { CreateFundRequestCommand } from './commands/create-fund-request.command.js';
import { DecideFundRequestCommand } from './commands/decide-fund-request.command.js';
import { SaveCompanyBankAccountCommand } from './commands/save-company-bank-account.command.js';
import { UploadStatementCommand } from './commands/upload-statement.command.js';
import {
  CreateFundRequestDto,
  FundDecisionDto,
  FundRequestListDto,
  fundRequestsPaging,
  SaveCompanyBankAccountDto,
  StatementMatchesDto,
  UploadStatementDto,
} from './fund-requests.dto.js';
import { FundProofUpload, StatementUpload } from './fund-uploads.js';
import {
  GetFundProofQuery,
  GetStatementMatchesQuery,
  ListCompanyBankAccountsQuery,
  ListFundRequestsQuery,
} from './queries/fund-queries.js';

/** What multer gives the handler for one file kept in memory. */
interface UploadedBytes {
  buffer: Buffer;
  originalname?: string;
}

/** Fund requests (issue 13): the requester's side, the approver's queue, and the admin's bank side. */
@Controller()
export class FundRequestsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** API.md `/user/paymentRequest`, as multipart with the file `proof`. */
  @Post('user/paymentRequest')
  @HttpCode(200)
  @ForMenuItem('paymentRequest')
  @UseInterceptors(FundProofUpload)
  async create(
    @Body() body: CreateFundRequestDto,
    @UploadedFile() file: UploadedBytes | undefined,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<FundRequestAnswer> {
    const request = await this.commands.execute(
      new CreateFundRequestCommand(user, { ...body }, file?.buffer, context),
    );
    return { success: true, message: FundRequestMessages.submitted, request };
  }

  @Post('user/paymentRequests')
  @HttpCode(200)
  @ForMenuItem('paymentRequest')
  async mine(
    @Body() body: FundRequestListDto,
    @CurrentUser() user: AuthUser,
  ): Promise<FundRequestListAnswer> {
    return this.list(user, 'mine', body);
  }

  /** The company accounts a user may have paid into (the form's choice). */
  @Post('user/companyBanks')
  @HttpCode(200)
  @ForMenuItem('paymentRequest')
  async banks(): Promise<CompanyBankAccountsAnswer> {
    return {
      success: true,
      data: await this.queries.execute(new ListCompanyBankAccountsQuery(true)),
    };
  }

  @Post('admin/paymentApprovals')
  @HttpCode(200)
  @ForMenuItem('paymentApproval')
  async queue(
    @Body() body: FundRequestListDto,
    @CurrentUser() user: AuthUser,
  ): Promise<FundRequestListAnswer> {
    return this.list(user, 'queue', body);
  }

  /** API.md `/admin/paymentApproval`: `id`, `action`, `remark` (the reason of a rejection); PIN header. */
  @Post('admin/paymentApproval')
  @HttpCode(200)
  @ForMenuItem('paymentApproval')
  @NotInLinkSession()
  @AnswersAlso(202)
  async decide(
    @Body() body: FundDecisionDto,
    @PinHeader() pin: unknown,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FundDecisionAnswer | PendingApprovalAnswer> {
    const request = await this.commands.execute(
      new DecideFundRequestCommand(
        user,
        body.id,
        body.action,
        body.remark,
        body.statementLineId,
        pin,
        context,
      ),
    );
    if (isApprovalAsked(request)) {
      response.status(202);
      return {
        success: true,
        message: ApprovalMessages.sentForApproval,
        pendingApproval: request.pendingApproval,
      };
    }
    return {
      success: true,
      message:
        body.action === 'approve' ? FundRequestMessages.approved : FundRequestMessages.rejected,
      request,
    };
  }

  /** The proof, for its requester and whoever sees the requester: never cached, never sniffed. */
  @Get('user/paymentProof/:id')
  @SignedIn()
  @ApiProduces('image/*', 'application/pdf')
  async proof(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { bytes, contentType } = await this.queries.execute(new GetFundProofQuery(user, id));
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Disposition', 'inline');
    return new StreamableFile(bytes, { type: contentType, length: bytes.length });
  }

  @Post('admin/companyBankAccounts')
  @HttpCode(200)
  @ForKinds('admin')
  async allBanks(): Promise<CompanyBankAccountsAnswer> {
    return {
      success: true,
      data: await this.queries.execute(new ListCompanyBankAccountsQuery(false)),
    };
  }

  @Post('admin/companyBankAccount')
  @HttpCode(200)
  @ForKinds('admin')
  async saveBank(
    @Body() body: SaveCompanyBankAccountDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<SaveCompanyBankAccountAnswer> {
    const account = await this.commands.execute(
      new SaveCompanyBankAccountCommand(
        user,
        {
          id: body.id,
          bankName: body.bankName,
          accountName: body.accountName,
          accountNumber: body.accountNumber,
          ifsc: body.ifsc,
          active: body.active ?? true,
        },
        context,
      ),
    );
    return { success: true, message: FundRequestMessages.bankAccountSaved, account };
  }

  /** Multipart: `bankAccountId` and the CSV file `statement`; answers the matches. */
  @Post('admin/bankStatement')
  @HttpCode(200)
  @ForKinds('admin')
  @UseInterceptors(StatementUpload)
  async uploadStatement(
    @Body() body: UploadStatementDto,
    @UploadedFile() file: UploadedBytes | undefined,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<StatementUploadAnswer> {
    const uploaded = await this.commands.execute(
      new UploadStatementCommand(
        user,
        body.bankAccountId,
        file?.buffer,
        file?.originalname?.slice(0, 200) ?? null,
        context,
      ),
    );
    const matches = await this.queries.execute(new GetStatementMatchesQuery(body.bankAccountId));
    return {
      success: true,
      message: uploaded.repeated
        ? FundRequestMessages.statementRepeated
        : FundRequestMessages.statementUploaded,
      ...uploaded,
      matches,
    };
  }

  @Post('admin/bankStatementMatches')
  @HttpCode(200)
  @ForKinds('admin')
  async matches(@Body() body: StatementMatchesDto): Promise<StatementMatchesAnswer> {
    return {
      success: true,
      matches: await this.queries.execute(new GetStatementMatchesQuery(body.bankAccountId)),
    };
  }

  private async list(
    user: AuthUser,
    scope: 'mine' | 'queue',
    body: FundRequestListDto,
  ): Promise<FundRequestListAnswer> {
    const { page, pageSize } = pageOf(body, fundRequestsPaging);
    const { rows, total } = await this.queries.execute(
      new ListFundRequestsQuery(user, scope, body.state, page, pageSize),
    );
    return { success: true, data: rows, total };
  }
}
