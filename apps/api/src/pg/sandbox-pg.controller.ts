import { AnswersAlso } from '../api-docs/answers.js';
import { ApiProduces } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ForKinds, Public } from '../auth/access.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { type SandboxAction, SandboxPgDesk } from './sandbox-pg-desk.js';
import { SandboxPgMessages } from './pg-messages.js';

const ACTIONS: readonly SandboxAction[] = ['pay', 'fail', 'pending'];

/**
 * The sandbox gateway's own pages (issue 28; docs/pg-sandbox.md): what a real gateway serves
 * on its domain. Public like a gateway's checkout: the order id is the only key.
 */
@Controller('pg-sandbox')
export class SandboxPgController {
  constructor(private readonly desk: SandboxPgDesk) {}

  @Get(':gateway/checkout/:id')
  @Public()
  @ApiProduces('text/html')
  async page(
    @Param('gateway') gateway: string,
    @Param('id') id: string,
    @Res() response: Response,
  ) {
    response.type('html').send(await this.desk.page(gateway, id));
  }

  @Post(':gateway/checkout/:id/:action')
  @HttpCode(303)
  @Public()
  @ApiProduces('text/html')
  @AnswersAlso(200)
  async act(
    @Param('gateway') gateway: string,
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: Record<string, unknown>,
    @Res() response: Response,
  ) {
    if (!ACTIONS.includes(action as SandboxAction)) {
      throw new AppError(ErrorKind.NotFound, SandboxPgMessages.noAction);
    }
    const next = await this.desk.act(gateway, id, action as SandboxAction, body?.['method']);
    if ('redirect' in next) response.redirect(303, next.redirect);
    else response.status(200).type('html').send(next.html);
  }

  /** The sandbox's settlement file: every captured, unsettled payment, as CSV. */
  @Get(':gateway/settlement-file')
  @ForKinds('admin')
  @ApiProduces('text/csv')
  async settlementFile(@Param('gateway') gateway: string, @Res() response: Response) {
    const file = await this.desk.settlementFile(gateway);
    response
      .type('text/csv')
      .setHeader('Content-Disposition', `attachment; filename="${file.name}"`)
      .send(file.csv);
  }
}
