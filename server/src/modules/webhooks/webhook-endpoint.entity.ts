import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { WebhookEventType } from './webhook-events.js';

/**
 * A receiver registered in the console (table `webhook_endpoints`, issue 14 item 5). The signing secret
 * is kept as generated (`whsec_…`): HMAC signing needs the secret itself, so it cannot be hashed like
 * tokens; it is answered only by the create call (docs/decisions.md "Webhooks").
 */
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') url: string;
  @Column('text', { default: '' }) description: string;
  @Column('text', { array: true }) events: WebhookEventType[];
  @Column('text') secret: string;
  @Column('boolean', { default: true }) enabled: boolean;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
