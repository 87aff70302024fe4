import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import type { PaymentPurpose } from '../payments/payment-purpose.js';
import { DiscountCode } from './discount-code.entity.js';

/**
 * Discount codes (DESIGN §7; BRIEF contract 6): look a code up, compute what it takes off a fee, and
 * count its uses. A use is claimed when a payment attempt with it is recorded (before the card is charged)
 * and given back when that attempt is declined or rejected, so a one-use code pays one fee however many
 * applicants pay at once.
 */
@Injectable()
export class DiscountCodesService {
  constructor(@InjectRepository(DiscountCode) private readonly codes: Repository<DiscountCode>) {}

  /**
   * The usable code named `code` (case-insensitive, surrounding spaces ignored) for a payment of `purpose`.
   * @throws ApiException 422 PAY-004 with `errors.discountCode` when it is unknown or inactive, for another
   *         purpose (PAY-004-purpose text: a deposit code on the fee, or the reverse; issue 29 item 2),
   *         expired (PAY-004-expired text) or used up (PAY-004-used-up text)
   */
  async lookup(code: string, purpose: PaymentPurpose = 'application_fee'): Promise<DiscountCode> {
    const row = await this.codes.createQueryBuilder('d').where('upper(d.code) = upper(:code)', { code: code.trim() }).getOne();
    if (!row || !row.active) throw this.invalid('errors.PAY-004');
    if (row.appliesTo !== purpose) throw this.invalid('errors.PAY-004-purpose');
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw this.invalid('errors.PAY-004-expired');
    if (row.maxUses !== null && row.usageCount >= row.maxUses) throw this.invalid('errors.PAY-004-used-up');
    return row;
  }

  /**
   * What the code takes off `grossCents` (fee plus late fee, integer cents), in integer cents, never more
   * than `grossCents`: a percentage rounded to the nearest cent (half up), a fixed amount as it is, a
   * waiver all of it.
   */
  discountFor(code: DiscountCode, grossCents: number): number {
    switch (code.kind) {
      case 'waiver':
        return grossCents;
      case 'percent':
        // valueHundredths is hundredths of a percent: 1250 = 12.5 % (exact integer arithmetic below 2^53)
        return Math.min(grossCents, Math.round((grossCents * code.valueHundredths) / 10_000));
      case 'fixed':
        return Math.min(grossCents, code.valueHundredths);
    }
  }

  /**
   * Claims one use inside the caller's transaction, before any money moves (issue 26: counted things are
   * claimed before they are spent): one conditional UPDATE, so of concurrent claims on the last use exactly
   * one succeeds. The payment gives it back with {@link releaseUse} when the attempt is declined or rejected.
   * @throws ApiException 422 PAY-004-used-up when the code has no use left
   */
  async claimUse(manager: EntityManager, id: string): Promise<void> {
    const result = await manager
      .createQueryBuilder()
      .update(DiscountCode)
      .set({ usageCount: () => 'usage_count + 1', updatedAt: () => 'now()' })
      .where('id = :id AND (max_uses IS NULL OR usage_count < max_uses)', { id })
      .execute();
    if (result.affected !== 1) throw this.invalid('errors.PAY-004-used-up');
  }

  /** Gives back a use claimed by {@link claimUse} (an attempt declined or rejected), inside the caller's transaction. */
  async releaseUse(manager: EntityManager, id: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(DiscountCode)
      .set({ usageCount: () => 'usage_count - 1', updatedAt: () => 'now()' })
      .where('id = :id AND usage_count > 0', { id })
      .execute();
  }

  private invalid(key: string): ApiException {
    return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'PAY-004', { messageKey: key, errors: { discountCode: [{ key }] } });
  }
}
