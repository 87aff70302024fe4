import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminDiscountCodesController } from './admin-discount-codes.controller.js';
import { AdminDiscountCodesService } from './admin-discount-codes.service.js';
import { DiscountCode } from './discount-code.entity.js';
import { DiscountCodesService } from './discount-codes.service.js';

/**
 * Discount codes (BRIEF contract 6). i4-server owns the entity and {@link DiscountCodesService}
 * (lookup, apply, usage count); i5-server adds the admin CRUD controller `/api/admin/discount-codes`.
 */
@Module({
  imports: [TypeOrmModule.forFeature([DiscountCode])],
  controllers: [AdminDiscountCodesController],
  providers: [DiscountCodesService, AdminDiscountCodesService],
  exports: [DiscountCodesService, AdminDiscountCodesService, TypeOrmModule],
})
export class DiscountCodesModule {}
