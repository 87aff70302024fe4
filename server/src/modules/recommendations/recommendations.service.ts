import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiException } from '../../common/errors/api.exception.js';
import { assertApplicantMay } from '../applications/applicant-writes.js';
import { RateLimitStore } from '../../common/http/rate-limit-store.js';
import { tooManyAttempts } from '../../common/http/throttle.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { Application } from '../applications/application.entity.js';
import { AttachmentsService } from '../attachments/attachments.service.js';
import {
  toRecommendationView,
  type RecommendationAnswersDto,
  type RecommendationView,
  type RecommenderRequestView,
  type RequestRecommendationDto,
} from './dto/recommendation.dto.js';
import { RecommendationMailService } from './recommendation-mail.service.js';
import { LETTER_SLOT } from './recommendation-slots.js';
import type { Recommendation } from './recommendation.entity.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import { RecommendationsRepository, type RecommendationByToken } from './recommendations.repository.js';
import { formatPersonName } from '../../../../contract/format/person-name.js';
import type { Locale } from '../../common/i18n/i18n.service.js';

/** Header that carries a recommender's token (the link's `token`, sent by the recommender's page). */
export const RECOMMENDATION_TOKEN_HEADER = 'x-recommendation-token';

/** The recommender's token of a request (header only: the page reads it from its URL and sends it here). */
export function recommendationTokenOf(request: Request): string | undefined {
  const header = request.headers[RECOMMENDATION_TOKEN_HEADER];
  return typeof header === 'string' && header && header.length <= 200 ? header : undefined;
}

/**
 * Recommendations (issue 15 item 1): the applicant's side (name recommenders, request, resend, replace,
 * remove; statuses) and the recommender's side (open the link, send a letter or the short form). The
 * applicant's calls are already authorised for the application (its token, its owner or an admin); the
 * recommender's calls carry only the link's token, which opens its own request and nothing else.
 */
@Injectable()
export class RecommendationsService {
  private readonly logger = new Logger(RecommendationsService.name);
  private readonly resendLimiter: RateLimiterAbstract;

  constructor(
    private readonly repository: RecommendationsRepository,
    private readonly mail: RecommendationMailService,
    private readonly attachments: AttachmentsService,
    private readonly words: ApplicationWordsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    store: RateLimitStore,
  ) {
    this.resendLimiter = store.create({ name: 'recommendation-resend', points: config.RECOMMENDATION_RESENDS_PER_HOUR, duration: 3600 });
  }

  /** The application's live requests, by slot. */
  async list(application: Application): Promise<RecommendationView[]> {
    return (await this.repository.live(application.id)).map(toRecommendationView);
  }

  /**
   * Asks a recommender: replaces the slot's live request if any (its link stops working), sets the slot's
   * reference status `Requested` and queues the request e-mail.
   * @throws ApiException 409 REC-409-received when the slot's recommender has already answered; 409
   *         APP-409-write / 410 TKN-002 when the application's status allows no recommender change
   */
  async request(application: Application, dto: RequestRecommendationDto): Promise<RecommendationView> {
    assertApplicantMay('recommendation.request', application);
    const current = (await this.repository.live(application.id)).find((r) => r.slot === dto.slot);
    if (current?.status === 'received') throw new ApiException(HttpStatus.CONFLICT, 'REC-409-received');
    const created = await this.repository.create(application.id, {
      slot: dto.slot,
      name: dto.name,
      email: dto.email.toLowerCase(),
      relationship: dto.relationship,
      waived: dto.waived,
      expiresAt: this.expiry(),
    });
    await this.mail.queueRequest({ recommendationId: created.id });
    return toRecommendationView(created);
  }

  /**
   * E-mails a recommender a new link (the previous one stops working; an expired one gets a new expiry).
   * At most RECOMMENDATION_RESENDS_PER_HOUR per request and hour.
   * @throws ApiException 404 REC-404 unknown request; 409 REC-409-received answered already; 429 AUTH-429 too many resends
   */
  async resend(application: Application, id: string): Promise<RecommendationView> {
    assertApplicantMay('recommendation.resend', application);
    const row = await this.liveOf(application, id);
    if (row.status === 'received') throw new ApiException(HttpStatus.CONFLICT, 'REC-409-received');
    try {
      await this.resendLimiter.consume(row.id);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw tooManyAttempts(rejection.msBeforeNext, 'errors.REC-429');
    }
    const renewUntil = row.expiresAt.getTime() <= Date.now() ? this.expiry().toISOString() : undefined;
    await this.mail.queueRequest({ recommendationId: row.id, renewUntil });
    return toRecommendationView(row);
  }

  /**
   * Removes a recommender: the request is revoked (its link answers 404 TKN-001) and the slot's reference
   * status goes back to `Not requested`.
   * @throws ApiException 404 REC-404 unknown request; 409 REC-409-received answered already
   */
  async remove(application: Application, id: string): Promise<void> {
    assertApplicantMay('recommendation.remove', application);
    const row = await this.liveOf(application, id);
    if (row.status === 'received' || !(await this.repository.revoke(row))) throw new ApiException(HttpStatus.CONFLICT, 'REC-409-received');
  }

  /**
   * What the recommender's link shows; the first call marks the request `opened`. The program and term
   * are written in `viewerLocale` — the page's language, which starts as the application's (`locale` in the
   * answer) and follows the recommender's language switcher (issue 27 item 5).
   * @param viewerLocale the caller's language (`Accept-Language`); the application's when absent
   * @throws ApiException as {@link resolve}
   */
  async open(token: string | undefined, viewerLocale?: Locale): Promise<RecommenderRequestView> {
    const { recommendation, application } = await this.resolve(token);
    if (recommendation.status === 'requested') await this.repository.markOpened(recommendation.id);
    const words = await this.words.wordsOf({ ...application, locale: viewerLocale ?? application.locale });
    return {
      applicantName: formatPersonName(application, application.locale),
      program: words.program,
      semester: words.semester,
      recommenderName: recommendation.name,
      waived: recommendation.waived,
      status: 'opened',
      expiresAt: recommendation.expiresAt.toISOString(),
      locale: application.locale,
    };
  }

  /**
   * Receives the recommender's letter (multipart `file`, the checks of every document) into the slot's
   * recommendation-letter attachment (confidential when the applicant waived the right to see it), marks
   * the request received and ends the link.
   * @throws ApiException as {@link resolve}; the upload errors of {@link AttachmentsService.receiveLetter}
   */
  async submitLetter(request: Request, response: Response): Promise<void> {
    const { recommendation, application } = await this.resolve(recommendationTokenOf(request));
    const attachment = await this.attachments.receiveLetter(request, response, {
      application: { id: application.id, status: application.status } as Application,
      slot: LETTER_SLOT[recommendation.slot],
      confidential: recommendation.waived,
    });
    await this.received(recommendation, { attachmentId: attachment.id, answers: null });
  }

  /**
   * Receives the short form instead of a letter, marks the request received and ends the link.
   * @throws ApiException as {@link resolve}
   */
  async submitAnswers(token: string | undefined, answers: RecommendationAnswersDto): Promise<void> {
    const { recommendation } = await this.resolve(token);
    const { acquaintance, strengths, overall, comments } = answers;
    await this.received(recommendation, {
      attachmentId: null,
      answers: { acquaintance, strengths, overall, ...(comments ? { comments } : {}) },
    });
  }

  /**
   * Opens a request by its link's token.
   * @throws ApiException 404 TKN-001 missing, unknown, superseded (a newer e-mail) or revoked (recommender removed or
   *         replaced); 410 TKN-004 answered already (the link has ended); 410 TKN-003 expired; 410 TKN-002 the
   *         application is withdrawn
   */
  private async resolve(token: string | undefined): Promise<RecommendationByToken> {
    const found = token ? await this.repository.byToken(token) : null;
    if (!found || found.recommendation.revokedAt) throw new ApiException(HttpStatus.NOT_FOUND, 'TKN-001');
    if (found.recommendation.status === 'received') throw new ApiException(HttpStatus.GONE, 'TKN-004');
    if (found.recommendation.expiresAt.getTime() <= Date.now()) throw new ApiException(HttpStatus.GONE, 'TKN-003');
    if (found.application.status === 'withdrawn') throw new ApiException(HttpStatus.GONE, 'TKN-002');
    return found;
  }

  private async received(recommendation: Recommendation, answer: Parameters<RecommendationsRepository['markReceived']>[1]): Promise<void> {
    if (!(await this.repository.markReceived(recommendation, answer))) throw new ApiException(HttpStatus.GONE, 'TKN-004');
    this.logger.log(`Recommendation ${recommendation.id} (${recommendation.slot}) of application ${recommendation.applicationId} received`);
  }

  private async liveOf(application: Application, id: string): Promise<Recommendation> {
    const row = await this.repository.findLive(application.id, id);
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REC-404');
    return row;
  }

  /** When a new link expires: RECOMMENDATION_LINK_DAYS from now (applications have no deadline of their own yet). */
  private expiry(): Date {
    return new Date(Date.now() + this.config.RECOMMENDATION_LINK_DAYS * 86_400_000);
  }
}
