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
  /** The offering applied to (issue 25), for the deadline; absent or null: none. */
  offeringId?: number | null;
  submittedAt?: Date | null;
}

/** An application's words in its own language, for the e-mails about it. */
export interface ApplicationWords {
  /** The application's language (en when it stored none of the three). */
  locale: Locale;
  /** The program's label in that language (not its key), e.g. 'Maestría en Trabajo Social (MSW)'. */
  program: string;
  /** The term's label in that language (as the office named it in the console). */
  semester: string;
  /** A moment in the applicant's time zone, in that language, with the zone named (see {@link zonedTime}). */
  time: (moment: Date) => string;
  /** The next deadline of the applicant's own offering and round (issue 25), as {@link time} writes it; null: none ahead. */
  deadline: string | null;
}

/**
 * E-mails wholly in the application's language (issue 11 item 3): the program label, the term's name,
 * times in the applicant's zone (`applications.time_zone`) and the next deadline of the applicant's own
 * offering and round (issue 25), for every e-mail about an application.
 */
@Injectable()
export class ApplicationWordsService {
  constructor(private readonly programs: ProgramsService) {}

  /**
   * The words of `application` in its locale.
   * @param options.deadline false: leave `deadline` null without looking it up (a message whose template does not
   *        use it: formatting a moment in a zone is most of this call's cost)
   */
  async wordsOf(application: ApplicationLanguageFacts, options: { deadline?: boolean } = {}): Promise<ApplicationWords> {
    const locale: Locale = (LOCALES as readonly string[]).includes(application.locale) ? (application.locale as Locale) : 'en';
    const time = (moment: Date) => zonedTime(moment, locale, application.timeZone);
    const round =
      options.deadline === false
        ? null
        : await this.programs.deadlineOf(application.offeringId ?? null, new Date(), application.submittedAt);
    return {
      locale,
      program: await this.programs.labelOf(application.gender, application.fieldOfInterest, locale),
      semester: await this.programs.termLabel(application.semester, locale),
      time,
      deadline: round ? time(new Date(round.deadlineAt)) : null,
    };
  }
}
