import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationsService } from '../applications/applications.service.js';
import { ProgramsService } from '../programs/programs.service.js';

/** Demo applicants: who they are and how far they got. */
const DEMO_APPLICANTS = [
  {
    gender: 'Female',
    firstName: 'Chana',
    lastName: 'Goldberg',
    stepReached: '2',
    answers: { dateOfBirth: '05/17/2001', addressState: 'NY', addressZip: '11219', maritalStatus: 'Single', howHeard: 'Friend' },
  },
  {
    gender: 'Female',
    firstName: 'Leah',
    lastName: 'Friedman',
    stepReached: '1',
    answers: { dateOfBirth: '11/02/1998', addressState: 'NJ', addressZip: '08701', maritalStatus: 'Married' },
  },
  {
    gender: 'Male',
    firstName: 'Yosef',
    lastName: 'Klein',
    stepReached: '2',
    answers: { dateOfBirth: '03/09/1996', addressState: 'NY', addressZip: '10952', maritalStatus: 'Married', SpouseFirstName: 'Miriam' },
  },
  { gender: 'Male', firstName: 'David', lastName: 'Weiss', stepReached: '1', answers: {} },
] as const;

/**
 * Seeds a few demo applications on an empty database (DEMO_DATA, on by default in development), so
 * that a fresh `npm start` shows a working portal. Prints one tokenised link to try the form.
 */
@Injectable()
export class DemoDataService {
  private readonly logger = new Logger(DemoDataService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly applicationsService: ApplicationsService,
    private readonly programs: ProgramsService,
  ) {}

  /**
   * Seeds when DEMO_DATA is on and there is no application yet.
   * @param publicUrl base address for the printed link
   * @returns how many applications were created
   */
  async seed(publicUrl: string): Promise<number> {
    if (!this.config.DEMO_DATA || (await this.applications.count()) > 0) return 0;
    let firstLink: string | undefined;
    for (const [index, demo] of DEMO_APPLICANTS.entries()) {
      const gender = demo.gender === 'Female' ? 'female' : 'male';
      const offered = (await this.programs.list(gender)).filter((p) => p.courses.length > 0);
      const program = offered[(index * 3) % offered.length];
      const course = program.courses[0];
      const started = await this.applicationsService.start(
        {
          gender: demo.gender,
          fieldOfInterest: program.name,
          semester: course.semester,
          location: course.locations[0],
          firstName: demo.firstName,
          lastName: demo.lastName,
          email: `${demo.firstName.toLowerCase()}.${demo.lastName.toLowerCase()}@example.com`,
          locale: 'en',
        },
        undefined,
        { sendLink: false },
      );
      const application = await this.applications.findOneByOrFail({ id: started.id });
      await this.applicationsService.save(application, { version: 1, stepReached: demo.stepReached, ...demo.answers });
      firstLink ??= `${publicUrl}/validation?token=${started.token}`;
    }
    this.logger.log(`Demo data: ${DEMO_APPLICANTS.length} applications. Try one: ${firstLink}`);
    return DEMO_APPLICANTS.length;
  }
}
