import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { ConfigError } from './config/config.js';
import { JOB_QUEUE_NAME } from './jobs/job-queue.js';
import {
  exitOnStartFailure,
  prepareDependencies,
  readProcessConfig,
  reportReady,
  stopOnSignals,
  supervised,
} from './startup.js';

/**
 * A process that runs background jobs and serves no HTTP: scale jobs by starting more of
 * these next to API processes started with KHATA_PROCESS=api.
 */
async function main(): Promise<void> {
  const config = readProcessConfig({
    ...process.env,
    KHATA_PROCESS: process.env.KHATA_PROCESS ?? 'worker',
    CONSOLE_DIST: '',
  });
  if (config.processRole !== 'worker') {
    throw new ConfigError(
      `worker.js runs jobs only, so KHATA_PROCESS must be worker or unset; it is "${config.processRole}".`,
    );
  }
  await prepareDependencies(config);

  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));

  // Handled here rather than by Nest's shutdown hooks, which re-raise the signal: a stop that
  // let running jobs finish should exit 0.
  stopOnSignals('Khata worker', () => app.close());
  if (supervised) return reportReady({ role: 'worker' });
  process.stdout.write(
    `Khata worker is running jobs from queue "${JOB_QUEUE_NAME}" under Redis prefix "${config.redisPrefix}".\n`,
  );
}

main().catch(exitOnStartFailure('Khata worker'));
