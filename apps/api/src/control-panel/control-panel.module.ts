import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { ChangePasswordHandler } from './commands/change-password.handler.js';
import { ChangePinHandler } from './commands/change-pin.handler.js';
import { LogoutAllSessionsHandler } from './commands/logout-all-sessions.handler.js';
import { LogoutSessionHandler } from './commands/logout-session.handler.js';
import { ControlPanelController } from './control-panel.controller.js';
import { GetControlPanelHandler } from './queries/get-control-panel.handler.js';

@Module({
  imports: [AuthModule, CredentialsModule, TransactionsModule],
  controllers: [ControlPanelController],
  providers: [
    ChangePasswordHandler,
    ChangePinHandler,
    LogoutSessionHandler,
    LogoutAllSessionsHandler,
    GetControlPanelHandler,
  ],
})
export class ControlPanelModule {}
