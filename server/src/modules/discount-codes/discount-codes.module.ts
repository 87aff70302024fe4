import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminDiscountCodesController } from './admin-discount-codes.controller.js';
import { AdminDiscountCodesService } from './admin-discount-codes.service.js';
import { DiscountCode } from './discount-code.entity.js';

/**
 * Discount codes (BRIEF contract 6). i4-server adds `DiscountCodesService` (lookup, apply, usage count)
 * here; this module carries the admin CRUD (`/api/admin/discount-codes`).
 */
@Module({
  imports: [TypeOrmModule.forFeature([DiscountCode])],
  controllers: [AdminDiscountCodesController],
  providers: [AdminDiscountCodesService],
  exports: [TypeOrmModule],
})
export class DiscountCodesModule {}
