import { Module } from '@nestjs/common';
import { CsvStreamer } from './csv-stream.js';

/** What every report shares (issue 14, "one report engine"): the CSV streamer so far. */
@Module({ providers: [CsvStreamer], exports: [CsvStreamer] })
export class ReportsModule {}
