import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ChangeFeedService } from '../../common/cache/change-feed.service.js';
import { MemoCache } from '../../common/cache/memo-cache.js';
import { PrebuiltResponse } from '../../common/http/prebuilt-response.js';
import { I18nService, LOCALES, type Locale } from '../../common/i18n/i18n.service.js';
import { Program } from './program.entity.js';
import { CATALOGUE, SEMESTERS, SEMESTERS_BY_GENDER, type Gender } from './programs.catalogue.js';
import { ProgramResponse, SemesterResponse } from './dto/program.dto.js';
import { translationsOf } from './programs.translations.js';

/** The program catalogue (spec §3), seeded from `programs.catalogue.ts`. */
@Injectable()
export class ProgramsService implements OnApplicationBootstrap {
  /** Each gender's rows and prebuilt `GET /api/programs` answer per language, held in memory until the table changes. */
  private readonly cache = new MemoCache<Gender, { rows: Program[]; responses: Map<Locale, PrebuiltResponse> }>(async (gender) => {
    const rows = await this.programs.find({ where: { gender }, order: { sortOrder: 'ASC', id: 'ASC' } });
    const responses = new Map(
      LOCALES.map((locale) => [locale, new PrebuiltResponse(rows.map((row) => ProgramResponse.from(row, locale)))]),
    );
    return { rows, responses };
  });

  constructor(
    @InjectRepository(Program) private readonly programs: Repository<Program>,
    private readonly i18n: I18nService,
    changes: ChangeFeedService,
  ) {
    changes.subscribe('programs', () => this.cache.clear());
  }

  /** Upserts the whole catalogue: the data file is the source of truth for programs. */
  async onApplicationBootstrap(): Promise<void> {
    await this.programs.upsert(
      CATALOGUE.map((entry) => ({
        gender: entry.gender,
        name: entry.name,
        program: entry.program,
        label: entry.label,
        popup: entry.popup,
        courses: entry.courses,
        flags: entry.flags,
        translations: translationsOf(entry.label, entry.popup.title),
        sortOrder: entry.sortOrder,
      })),
      { conflictPaths: ['gender', 'name'] },
    );
    this.cache.clear();
  }

  /** Fields of interest offered to `gender`, in catalogue order, texts in `locale`. From memory; treat as read-only. */
  async list(gender: Gender, locale: Locale = 'en'): Promise<ProgramResponse[]> {
    return (await this.listResponse(gender, locale)).value as ProgramResponse[];
  }

  /** {@link list} as a prebuilt answer (compressed forms, strong ETag). */
  async listResponse(gender: Gender, locale: Locale = 'en'): Promise<PrebuiltResponse> {
    return (await this.cache.get(gender)).responses.get(locale)!;
  }

  /** Semesters offered to `gender` (spec §3: women Spring and Fall 2026; men also Summer 2026), each with its label in `locale`. */
  semesters(gender: Gender, locale: Locale = 'en'): SemesterResponse[] {
    const offered = SEMESTERS_BY_GENDER[gender];
    return SEMESTERS.filter((s) => offered.includes(s.name)).map((s) => ({
      name: s.name,
      begins: s.begins,
      label: this.semesterLabel(s.name, locale),
    }));
  }

  /** A semester name ('Fall 2026') in `locale` ('Otoño 2026', '2026 年秋季'); an unknown name as it is. */
  semesterLabel(name: string, locale: Locale): string {
    const match = /^(Spring|Summer|Fall) (\d{4})$/.exec(name);
    return match ? this.i18n.t(`semesters.${match[1]}`, locale, { year: match[2] }) : name;
  }

  /**
   * The label of program `name` for an application of `gender` ('Female' / 'Male' or 'female' / 'male')
   * in `locale`; the name itself when no program has it (issue 11: e-mails name the program, not its key).
   */
  async labelOf(gender: string, name: string, locale: Locale): Promise<string> {
    const row = await this.find(gender.toLowerCase() === 'male' ? 'male' : 'female', name);
    return row ? ProgramResponse.textsOf(row, locale).label : name;
  }

  /** One field of interest of a gender, or null. From memory; treat as read-only. */
  async find(gender: Gender, name: string): Promise<Program | null> {
    return (await this.cache.get(gender)).rows.find((row) => row.name === name) ?? null;
  }

  /**
   * Whether `semester` (and `location`) may be chosen for `program` (spec §3: availability differs per
   * program; a program with no listed courses takes any semester of the gender, with no location).
   * @returns 'ok', or which part is not offered
   */
  checkChoice(program: Program, semester: string, location?: string | null): 'ok' | 'semester' | 'location' {
    if (program.courses.length === 0) {
      const offered = SEMESTERS_BY_GENDER[program.gender] as readonly string[];
      if (!offered.includes(semester)) return 'semester';
      return location ? 'location' : 'ok';
    }
    const course = program.courses.find((c) => c.semester === semester);
    if (!course) return 'semester';
    if (course.locations.length === 0) return location ? 'location' : 'ok';
    return location && (course.locations as string[]).includes(location) ? 'ok' : 'location';
  }
}
