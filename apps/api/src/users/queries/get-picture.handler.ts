import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PictureStore, type StoredPicture } from '../pictures/picture-store.js';
import { GetPictureQuery } from './get-picture.query.js';

export const PICTURE_NOT_FOUND = 'Picture not found.';

@QueryHandler(GetPictureQuery)
export class GetPictureHandler implements IQueryHandler<GetPictureQuery> {
  constructor(private readonly store: PictureStore) {}

  async execute({ file }: GetPictureQuery): Promise<StoredPicture> {
    const picture = await this.store.read(file);
    if (!picture) throw new AppError(ErrorKind.NotFound, PICTURE_NOT_FOUND);
    return picture;
  }
}
