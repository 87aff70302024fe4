import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DiscountCode } from './discount-code.entity.js';
import { DiscountCodesService } from './discount-codes.service.js';

/**
 * Discount codes (BRIEF contract 6). i4-server owns the entity and {@link DiscountCodesService};
 * i5-server adds the admin CRUD controller `/api/admin/discount-codes` here.
 */
@Module({
  imports: [TypeOrmModule.forFeature([DiscountCode])],
  providers: [DiscountCodesService],
  exports: [DiscountCodesService, TypeOrmModule],
})
export class DiscountCodesModule {}
