import { Command } from '@nestjs/cqrs';
import type { UserLanguage } from '@khata/domain';

/** Issue 30: the signed-in user's console language, remembered on their profile. */
export class SetLanguageCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly language: UserLanguage,
  ) {
    super();
  }
}
