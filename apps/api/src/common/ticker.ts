import { Logger } from '@nestjs/common';

/**
 * Runs `work` every `intervalMs`, never two runs at once (a tick that finds the last run still
 * going is skipped); `stop` waits for the run in flight. The timer does not keep the process up.
 */
export class Ticker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.work()
        .catch((error: Error) => new Logger(this.name).warn(error.message))
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
