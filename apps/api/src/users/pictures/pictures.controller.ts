import { ApiProduces } from '@nestjs/swagger';
import { Controller, Get, Param, RequestMethod, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Public } from '../../auth/access.js';
import { GetPictureQuery } from '../queries/get-picture.query.js';

/** Served outside /api, where the console looks for pictures (spec §2): create-app excludes it. */
export const PICTURE_ROUTE = { path: 'userProfile/:file', method: RequestMethod.GET };

@Controller('userProfile')
export class PicturesController {
  constructor(private readonly queries: QueryBus) {}

  /**
   * Public: an <img> sends no bearer token, and a name of 128 random bits is as hard to guess
   * as one. A stored file never changes (a new picture gets a new name), so it caches for good.
   */
  @Get(':file')
  @Public()
  @ApiProduces('image/*')
  async picture(@Param('file') file: string, @Res({ passthrough: true }) response: Response) {
    const { bytes, format } = await this.queries.execute(new GetPictureQuery(file));
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(bytes, { type: format.contentType, length: bytes.length });
  }
}
