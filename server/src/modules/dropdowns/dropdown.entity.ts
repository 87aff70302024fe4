import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DropdownOption } from './dropdowns.seed-data.js';

/** An option list (table `dropdowns`), spec §3 "Dropdown lists" and "Option lists". */
@Entity('dropdowns')
export class Dropdown {
  @PrimaryGeneratedColumn() id: number;
  /** Stable key the forms use, e.g. `maritalStatus`. */
  @Column('text') key: string;
  @Column('text') label: string;
  @Column('jsonb') options: DropdownOption[];
  @Column('integer', { name: 'sort_order' }) sortOrder: number;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
