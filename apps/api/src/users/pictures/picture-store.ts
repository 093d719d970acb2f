import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { pictureFormatOfName, type PictureFormat } from './picture-format.js';

export interface StoredPicture {
  bytes: Buffer;
  format: PictureFormat;
}

/**
 * Profile pictures on disk, in the uploads folder. Names are made here (128 random bits, so
 * one cannot be guessed) and no name we could not have made ever reaches the file system.
 */
@Injectable()
export class PictureStore {
  private readonly logger = new Logger('PictureStore');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Writes the bytes under a new name and answers it. */
  async save(bytes: Uint8Array, format: PictureFormat): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${format.extension}`;
    await mkdir(this.config.uploadDir, { recursive: true });
    await writeFile(join(this.config.uploadDir, name), bytes, { flag: 'wx', mode: 0o644 });
    return name;
  }

  /** The picture, or null when the name is not one of ours or the file is gone. */
  async read(name: string): Promise<StoredPicture | null> {
    const format = pictureFormatOfName(name);
    if (!format) return null;
    try {
      return { bytes: await readFile(join(this.config.uploadDir, name)), format };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * Best effort: a file left behind wastes disk space and nothing else (nothing points at
   * it), so a failure is logged, not raised over a change that has already happened.
   */
  async remove(name: string): Promise<void> {
    if (!pictureFormatOfName(name)) return;
    await rm(join(this.config.uploadDir, name), { force: true }).catch((error: Error) =>
      this.logger.warn(`Could not remove picture ${name}: ${error.message}`),
    );
  }
}
