import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { Ticker } from '../common/ticker.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { BbpsCatalogueRepository } from './bbps-catalogue.repository.js';
import { BbpsProvider } from './bbps-provider.js';

/**
 * Keeps the biller catalogue in step with the provider (issue 27): every process syncs once at
 * boot when the catalogue is empty (a fresh install serves bills at once), and the workers sync
 * it again every BBPS_CATALOGUE_SYNC_HOURS. A provider that does not answer leaves the last
 * catalogue in place.
 */
@Injectable()
export class BbpsCatalogueSync implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BbpsCatalogue');
  private readonly ticker: Ticker;

  constructor(
    private readonly catalogue: BbpsCatalogueRepository,
    private readonly provider: BbpsProvider,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.ticker = new Ticker('BbpsCatalogueSync', config.bbps.catalogueSyncMs, () =>
      this.syncQuietly(),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!(await this.catalogue.lastSyncedAt())) await this.syncQuietly();
    if (this.config.processRole !== 'api') this.ticker.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.ticker.stop();
  }

  /** Replaces the catalogue with the provider's now; answers what changed. */
  async sync(): Promise<{ categories: number; billers: number; retired: number }> {
    const fetched = await this.provider.catalogue();
    const at = this.clock.now();
    const counts = await this.uow.run((tx) => this.catalogue.replace(tx, fetched, at));
    this.logger.log(
      `Synced ${counts.categories} categories and ${counts.billers} billers (${counts.retired} retired).`,
    );
    return counts;
  }

  private async syncQuietly(): Promise<void> {
    try {
      await this.sync();
    } catch (error) {
      this.logger.warn(`The biller catalogue was not synced: ${(error as Error).message}`);
    }
  }
}
