import { Injectable } from '@nestjs/common';

/**
 * Whether this process is shutting down (issue 14). Set first thing on SIGTERM/SIGINT by
 * {@link gracefulShutdown}; from then on `/api/health/ready` answers 503 so the load balancer stops
 * routing here, while requests already sent are still served.
 */
@Injectable()
export class ShutdownState {
  private drainingSince: number | null = null;

  /** True once the shutdown began. */
  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** Marks the process as shutting down (idempotent). */
  begin(): void {
    this.drainingSince ??= Date.now();
  }
}
