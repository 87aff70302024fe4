import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';

/** `GET /api/health` and `/api/health/ready`. */
@Module({ controllers: [HealthController] })
export class HealthModule {}
