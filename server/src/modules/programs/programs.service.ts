import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Program } from './program.entity.js';
import { CATALOGUE, SEMESTERS, SEMESTERS_BY_GENDER, type Gender } from './programs.catalogue.js';
import { ProgramResponse, SemesterResponse } from './dto/program.dto.js';

/** The program catalogue (spec §3), seeded from `programs.catalogue.ts`. */
@Injectable()
export class ProgramsService implements OnApplicationBootstrap {
  constructor(@InjectRepository(Program) private readonly programs: Repository<Program>) {}

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
  }

  /** Fields of interest offered to `gender`, in catalogue order. */
  async list(gender: Gender): Promise<ProgramResponse[]> {
    const rows = await this.programs.find({ where: { gender }, order: { sortOrder: 'ASC', id: 'ASC' } });
    return rows.map(ProgramResponse.from);
  }

  /** Semesters offered to `gender` (spec §3: women Spring and Fall 2026; men also Summer 2026). */
  semesters(gender: Gender): SemesterResponse[] {
    const offered = SEMESTERS_BY_GENDER[gender];
    return SEMESTERS.filter((s) => offered.includes(s.name)).map((s) => ({ name: s.name, begins: s.begins }));
  }

  /** One field of interest of a gender, or null. */
  find(gender: Gender, name: string): Promise<Program | null> {
    return this.programs.findOne({ where: { gender, name } });
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
