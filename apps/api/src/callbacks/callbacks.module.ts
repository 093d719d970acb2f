import { Module } from '@nestjs/common';
import { CallbackRequestsRepository } from './callback-requests.repository.js';
import { CallbacksController } from './callbacks.controller.js';
import { HandleCallbackHandler } from './commands/handle-callback.handler.js';
import { RequestCallbackHandler } from './commands/request-callback.handler.js';
import { ListCallbackRequestsHandler } from './queries/list-callback-requests.handler.js';

/** Call-back requests: visitors leave their number on the public site, admins call back. */
@Module({
  controllers: [CallbacksController],
  providers: [
    CallbackRequestsRepository,
    RequestCallbackHandler,
    ListCallbackRequestsHandler,
    HandleCallbackHandler,
  ],
})
export class CallbacksModule {}
