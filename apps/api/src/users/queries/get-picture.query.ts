import { Query } from '@nestjs/cqrs';
import type { StoredPicture } from '../pictures/picture-store.js';

/** A stored profile picture by its file name (GET /userProfile/{file}). */
export class GetPictureQuery extends Query<StoredPicture> {
  constructor(readonly file: string) {
    super();
  }
}
