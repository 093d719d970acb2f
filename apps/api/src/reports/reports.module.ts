import { Module } from '@nestjs/common';
import { NetworkModule } from '../network/network.module.js';
import { CsvStreamer } from './csv-stream.js';
import { ReportScope } from './report-scope.js';

/**
 * What every report shares (issue 14, "one report engine"): whose rows it reads (ReportScope,
 * the network rule) and the CSV streamer.
 */
@Module({
  imports: [NetworkModule],
  providers: [CsvStreamer, ReportScope],
  exports: [CsvStreamer, ReportScope],
})
export class ReportsModule {}
