import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { MaintenanceService } from '../maintenance/maintenance.service.js';
import type { Program } from '../programs/program.entity.js';
import { ProgramsService } from '../programs/programs.service.js';
import { TokenService } from '../token/token.service.js';
import type { User } from '../users/user.entity.js';
import { Application } from './application.entity.js';
import { toApplicationRecord, type ApplicationRecord, type StartApplicationResponse } from './dto/application-record.dto.js';
import type { SaveApplicationDto } from './dto/save-application.dto.js';
import type { StartApplicationDto } from './dto/start-application.dto.js';

/** Fields of the save body that are columns, not answers. */
const COLUMN_FIELDS = new Set([
  'version',
  'stepReached',
  'firstName',
  'lastName',
  'email',
  'fieldOfInterest',
  'semesterApplied',
  'location',
]);

/** Starting and saving applications (DESIGN §3–§5). */
@Injectable()
export class ApplicationsService {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly programs: ProgramsService,
    private readonly tokens: TokenService,
    private readonly maintenance: MaintenanceService,
  ) {}

  /**
   * Creates a draft application from the welcome page's choice and issues its token.
   * @param owner the logged-in user, who then owns the application; undefined for anonymous starts
   * @throws ApiException 503 MAI-002 during maintenance; 422 VAL-001 when the program, semester or
   *         location is not offered to that gender
   */
  async start(dto: StartApplicationDto, owner?: User): Promise<StartApplicationResponse> {
    await this.maintenance.assertOnline();
    const program = await this.checkedProgram(dto.gender, dto.fieldOfInterest, dto.semester, dto.location ?? null, {
      program: 'fieldOfInterest',
      semester: 'semester',
      location: 'location',
    });
    const saved = await this.applications.save(
      this.applications.create({
        userId: owner?.id ?? null,
        email: dto.email,
        firstName: dto.firstName,
        lastName: dto.lastName,
        gender: dto.gender,
        program: program.program,
        fieldOfInterest: program.name,
        semester: dto.semester,
        location: dto.location ?? null,
        locale: dto.locale,
        status: 'draft',
        stepReached: 1,
        paymentStatus: 'Unpaid',
        version: 1,
        answers: {},
      }),
    );
    const token = await this.tokens.issue(saved.id, 'application');
    return { success: true, token, id: saved.id, data: toApplicationRecord(saved) };
  }

  /**
   * Saves fields of a step with an optimistic version guard: the row is updated only if its version is
   * still `dto.version` (a conditional UPDATE, STACK-NOTES), so a stale tab never overwrites newer data.
   * `stepReached` only ever rises. Empty values clear optional answers.
   * @param application the application, already authorised by the caller
   * @throws ApiException 409 APP-409 (with the current record as `data`) on a stale version;
   *         410 TKN-002 when the application is no longer a draft; 503 MAI-002 during maintenance;
   *         422 VAL-001 when a changed program/semester is not offered
   */
  async save(application: Application, dto: SaveApplicationDto): Promise<ApplicationRecord> {
    await this.maintenance.assertOnline();
    if (application.status !== 'draft') throw new ApiException(HttpStatus.GONE, 'TKN-002');
    if (dto.version !== application.version) throw this.conflict(application);

    const columns: Partial<Application> = {};
    if (dto.firstName !== undefined) columns.firstName = dto.firstName;
    if (dto.lastName !== undefined) columns.lastName = dto.lastName;
    if (dto.email !== undefined) columns.email = dto.email;
    if (dto.fieldOfInterest !== undefined || dto.semesterApplied !== undefined || dto.location !== undefined) {
      const fieldOfInterest = dto.fieldOfInterest ?? application.fieldOfInterest;
      const semester = dto.semesterApplied ?? application.semester;
      const location = dto.location !== undefined ? dto.location : application.location;
      const program = await this.checkedProgram(application.gender, fieldOfInterest, semester, location, {
        program: 'fieldOfInterest',
        semester: 'semesterApplied',
        location: 'location',
      });
      Object.assign(columns, { fieldOfInterest, semester, location, program: program.program });
    }

    const answers = { ...application.answers };
    for (const [key, value] of Object.entries(dto)) {
      if (COLUMN_FIELDS.has(key) || value === undefined) continue;
      if (value === null) delete answers[key];
      else answers[key] = value instanceof Object && !Array.isArray(value) ? { ...value } : value;
    }
    const stepReached = Math.max(application.stepReached, dto.stepReached ? Number(dto.stepReached) : 1);

    const result = await this.applications
      .createQueryBuilder()
      .update(Application)
      .set({ ...columns, answers: answers as never, stepReached, version: () => 'version + 1', updatedAt: () => 'now()' })
      .where('id = :id AND version = :version', { id: application.id, version: dto.version })
      .execute();
    if (result.affected !== 1) {
      const current = await this.applications.findOneByOrFail({ id: application.id });
      throw this.conflict(current);
    }
    const updated = await this.applications.findOneByOrFail({ id: application.id });
    return toApplicationRecord(updated);
  }

  private conflict(current: Application): ApiException {
    return new ApiException(HttpStatus.CONFLICT, 'APP-409', { data: toApplicationRecord(current) });
  }

  private async checkedProgram(
    gender: 'Female' | 'Male',
    name: string,
    semester: string,
    location: string | null,
    fields: { program: string; semester: string; location: string },
  ): Promise<Program> {
    const invalid = (field: string, key: string) =>
      new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { [field]: [{ key }] } });
    const program = await this.programs.find(gender === 'Female' ? 'female' : 'male', name);
    if (!program) throw invalid(fields.program, 'errors.APP-422-program');
    const verdict = this.programs.checkChoice(program, semester, location);
    if (verdict === 'semester') throw invalid(fields.semester, 'errors.APP-422-semester');
    if (verdict === 'location') throw invalid(fields.location, 'errors.APP-422-location');
    return program;
  }
}
