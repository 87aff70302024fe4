import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ChangeFeedService } from '../../common/cache/change-feed.service.js';
import { MemoCache } from '../../common/cache/memo-cache.js';
import { PrebuiltResponse } from '../../common/http/prebuilt-response.js';
import { Program } from './program.entity.js';
import { CATALOGUE, SEMESTERS, SEMESTERS_BY_GENDER, type Gender } from './programs.catalogue.js';
import { ProgramResponse, SemesterResponse } from './dto/program.dto.js';

/** The program catalogue (spec §3), seeded from `programs.catalogue.ts`. */
@Injectable()
export class ProgramsService implements OnApplicationBootstrap {
  /** Each gender's rows and prebuilt `GET /api/programs` answer, held in memory until the table changes. */
  private readonly cache = new MemoCache<Gender, { rows: Program[]; response: PrebuiltResponse }>(async (gender) => {
    const rows = await this.programs.find({ where: { gender }, order: { sortOrder: 'ASC', id: 'ASC' } });
    return { rows, response: new PrebuiltResponse(rows.map(ProgramResponse.from)) };
  });

  constructor(
    @InjectRepository(Program) private readonly programs: Repository<Program>,
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
        sortOrder: entry.sortOrder,
      })),
      { conflictPaths: ['gender', 'name'] },
    );
    this.cache.clear();
  }

  /** Fields of interest offered to `gender`, in catalogue order. From memory; treat as read-only. */
  async list(gender: Gender): Promise<ProgramResponse[]> {
    return (await this.listResponse(gender)).value as ProgramResponse[];
  }

  /** {@link list} as a prebuilt answer (compressed forms, strong ETag). */
  async listResponse(gender: Gender): Promise<PrebuiltResponse> {
    return (await this.cache.get(gender)).response;
  }

  /** Semesters offered to `gender` (spec §3: women Spring and Fall 2026; men also Summer 2026). */
  semesters(gender: Gender): SemesterResponse[] {
    const offered = SEMESTERS_BY_GENDER[gender];
    return SEMESTERS.filter((s) => offered.includes(s.name)).map((s) => ({ name: s.name, begins: s.begins }));
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
