import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../../config/app-config.js';
import { loggingOptions } from './logging.options.js';
import { MetricsService } from './metrics.service.js';

/**
 * Logs and metrics (issue 14): structured JSON logs through nestjs-pino with a request id per request,
 * and Prometheus metrics ({@link MetricsService}, `GET /metrics`).
 */
@Module({})
export class ObservabilityModule {
  /** @param config validated configuration (LOG_LEVEL, LOG_FORMAT, METRICS_TOKEN) */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ObservabilityModule,
      global: true,
      imports: [LoggerModule.forRoot(loggingOptions(config))],
      providers: [MetricsService],
      exports: [MetricsService],
    };
  }
}
