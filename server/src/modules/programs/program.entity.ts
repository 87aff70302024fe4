import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CatalogueCourse, Gender, ProgramGroup, SectionFlags } from './programs.catalogue.js';
import type { ProgramTranslations } from './programs.translations.js';

/** A field of interest offered to one gender (table `programs`), seeded from `programs.catalogue.ts`. */
@Entity('programs')
export class Program {
  @PrimaryGeneratedColumn() id: number;
  @Column('text') gender: Gender;
  @Column('text') name: string;
  @Column('text') program: ProgramGroup;
  @Column('text') label: string;
  @Column('jsonb') popup: { title: string; semesters: number; college: string };
  @Column('jsonb') courses: CatalogueCourse[];
  @Column('jsonb') flags: SectionFlags;
  /** The label and popup title in Spanish and Chinese (issue 11 item 3), from `programs.translations.ts`. */
  @Column('jsonb') translations: ProgramTranslations;
  @Column('integer', { name: 'sort_order' }) sortOrder: number;
}
