import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Db } from '../../database/unit-of-work.js';
import { UsersRepository } from '../users.repository.js';
import { SetLanguageCommand } from './set-language.command.js';

/** A preference, not a credential: one update, no audit row (docs/decisions.md, issue 30). */
@CommandHandler(SetLanguageCommand)
export class SetLanguageHandler implements ICommandHandler<SetLanguageCommand> {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
  ) {}

  async execute({ userId, language }: SetLanguageCommand): Promise<void> {
    await this.users.setLanguage(this.db, userId, language);
  }
}
