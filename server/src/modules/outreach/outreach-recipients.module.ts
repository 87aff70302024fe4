import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutreachRecipient } from './outreach-recipient.entity.js';
import { RecipientsService } from './recipients.service.js';

/**
 * Recipients' preferences and suppression (issue 30 item 5) on their own, without the rest of outreach:
 * the accounts module imports it to lift a suppression when an address is verified again.
 */
@Module({
  imports: [TypeOrmModule.forFeature([OutreachRecipient])],
  providers: [RecipientsService],
  exports: [RecipientsService],
})
export class OutreachRecipientsModule {}
