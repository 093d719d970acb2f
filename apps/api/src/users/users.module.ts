import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { ServicesModule } from '../services/services.module.js';
import { ChangePictureHandler } from './commands/change-picture.handler.js';
import { SetLanguageHandler } from './commands/set-language.handler.js';
import { PictureStore } from './pictures/picture-store.js';
import { PicturesController } from './pictures/pictures.controller.js';
import { Profiles } from './profiles.js';
import { FindWalletHolderHandler } from './queries/find-wallet-holder.handler.js';
import { GetPictureHandler } from './queries/get-picture.handler.js';
import { GetProfileHandler } from './queries/get-profile.handler.js';
import { UserDirectory } from './user-directory.js';
import { UserCreator } from './user-creator.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';

@Module({
  imports: [CredentialsModule, ServicesModule],
  controllers: [UsersController, PicturesController],
  providers: [
    UsersRepository,
    Profiles,
    UserCreator,
    UserDirectory,
    PictureStore,
    GetProfileHandler,
    FindWalletHolderHandler,
    GetPictureHandler,
    ChangePictureHandler,
    SetLanguageHandler,
  ],
  exports: [UsersRepository, Profiles, UserCreator, UserDirectory],
})
export class UsersModule {}
