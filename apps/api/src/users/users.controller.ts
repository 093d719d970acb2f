import { Body, Controller, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  checkMobile,
  UserLanguageMessages,
  type FetchUserInfoAnswer,
  type SetLanguageAnswer,
} from '@khata/domain';
import { ForMenuItem, SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { ChangePictureCommand } from './commands/change-picture.command.js';
import { SetLanguageCommand } from './commands/set-language.command.js';
import { PictureUploadInterceptor } from './pictures/picture-upload.interceptor.js';
import { FindWalletHolderQuery } from './queries/find-wallet-holder.query.js';
import { GetProfileQuery } from './queries/get-profile.query.js';
import { accepted, FetchUserInfoDto, SetLanguageDto } from './users.dto.js';

/** What multer gives the handler for one file kept in memory. */
interface UploadedPicture {
  buffer: Buffer;
}

@Controller('user')
export class UsersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  /** spec §7 `/user/userData`: the caller's own profile. */
  @Post('userData')
  @HttpCode(200)
  @SignedIn()
  async userData(@CurrentUser() user: AuthUser) {
    return {
      success: true,
      profile: await this.queries.execute(new GetProfileQuery(user.userId, user.kind)),
    };
  }

  /** spec §7 `/user/fetchUserInfo`: the wallet transfer's "whose number is this?". */
  @Post('fetchUserInfo')
  @HttpCode(200)
  @ForMenuItem('walletTransfer')
  async fetchUserInfo(
    @Body() body: FetchUserInfoDto,
    @CurrentUser() user: AuthUser,
  ): Promise<FetchUserInfoAnswer> {
    const data = await this.queries.execute(
      new FindWalletHolderQuery(user.userId, accepted(checkMobile, body.mobile)),
    );
    return { success: true, data };
  }

  /** The caller's own profile picture: multipart, field `picture`. */
  @Post('profilePicture')
  @HttpCode(200)
  @SignedIn()
  @UseInterceptors(PictureUploadInterceptor)
  async profilePicture(
    @UploadedFile() file: UploadedPicture | undefined,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const changed = await this.commands.execute(
      new ChangePictureCommand(user.userId, user.sessionId, file?.buffer, context),
    );
    return { success: true, ...changed };
  }

  /** Issue 30: the caller's console language, so a sign-in anywhere opens in it. */
  @Post('language')
  @HttpCode(200)
  @SignedIn()
  async language(
    @Body() body: SetLanguageDto,
    @CurrentUser() user: AuthUser,
  ): Promise<SetLanguageAnswer> {
    await this.commands.execute(new SetLanguageCommand(user.userId, body.language));
    return { success: true, message: UserLanguageMessages.saved, language: body.language };
  }
}
