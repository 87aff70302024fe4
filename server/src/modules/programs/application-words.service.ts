import { Injectable } from '@nestjs/common';
import { LOCALES, type Locale } from '../../common/i18n/i18n.service.js';
import { zonedTime } from '../../common/i18n/zoned-time.js';
import { ProgramsService } from './programs.service.js';

/** What {@link ApplicationWordsService.wordsOf} needs of an application. */
export interface ApplicationLanguageFacts {
  locale: string;
  gender: string;
  fieldOfInterest: string;
  semester: string;
  timeZone: string | null;
}

/** An application's words in its own language, for the e-mails about it. */
export interface ApplicationWords {
  /** The application's language (en when it stored none of the three). */
  locale: Locale;
  /** The program's label in that language (not its key), e.g. 'Maestría en Trabajo Social (MSW)'. */
  program: string;
  /** The semester in that language, e.g. '2026 年秋季'. */
  semester: string;
  /** A moment in the applicant's time zone, in that language, with the zone named (see {@link zonedTime}). */
  time: (moment: Date) => string;
}

/**
 * E-mails wholly in the application's language (issue 11 item 3): the program label, the semester and
 * times in the applicant's zone (`applications.time_zone`), for every e-mail about an application.
 */
@Injectable()
export class ApplicationWordsService {
  constructor(private readonly programs: ProgramsService) {}

  /** The words of `application` in its locale. */
  async wordsOf(application: ApplicationLanguageFacts): Promise<ApplicationWords> {
    const locale: Locale = (LOCALES as readonly string[]).includes(application.locale) ? (application.locale as Locale) : 'en';
    return {
      locale,
      program: await this.programs.labelOf(application.gender, application.fieldOfInterest, locale),
      semester: this.programs.semesterLabel(application.semester, locale),
      time: (moment) => zonedTime(moment, locale, application.timeZone),
    };
  }
}
