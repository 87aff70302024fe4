import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiException, type FieldErrorMessage } from '../../common/errors/api.exception.js';
import { AuditService } from '../admin/audit.service.js';
import { Application } from '../applications/application.entity.js';
import type { User } from '../users/user.entity.js';
import { ApplicationReview, RECOMMENDATIONS, type Recommendation } from './application-review.entity.js';
import { ReviewCriterionResponse } from './dto/review-criterion.dto.js';
import { ReviewResponse, ReviewSummaryResponse, type SaveReviewDto } from './dto/review.dto.js';
import { REVIEWABLE_STATUSES as REVIEWABLE } from './assignments.service.js';
import { ReviewCriterion } from './review-criterion.entity.js';
import { formatPersonName } from '../../../../contract/format/person-name.js';

/** Two decimals. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Reviews (issue 15 item 2): one per application and reader, a 1–5 rating per active criterion, a
 * recommendation and comments; averages per criterion and overall, recommendation counts. A reader reviews
 * only the applications assigned to them; an admin any. Saving the first review of a `complete`
 * application moves it to `under_review`. Everything is audited.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /**
   * The application's reviews as `caller` may see them (see {@link ReviewSummaryResponse}).
   * @throws ApiException 404 APP-404 unknown, or not assigned to a reader
   */
  async summary(applicationId: string, caller: User): Promise<ReviewSummaryResponse> {
    await this.assertMayReview(this.db.manager, applicationId, caller);
    const admin = caller.role === 'admin';
    const reviews = await this.reviews(applicationId, admin ? undefined : caller.id);
    const rated = new Set(reviews.flatMap((r) => r.ratings.map((x) => x.criterionId)));
    const criteria = (await this.db.getRepository(ReviewCriterion).find({ order: { active: 'DESC', position: 'ASC', id: 'ASC' } })).filter(
      (c) => c.active || rated.has(c.id),
    );
    const counts = Object.fromEntries(RECOMMENDATIONS.map((r) => [r, 0])) as Record<Recommendation, number>;
    const summary: ReviewSummaryResponse = Object.assign(new ReviewSummaryResponse(), {
      criteria: criteria.map(ReviewCriterionResponse.from),
      averages: [],
      overall: null,
      recommendations: counts,
      reviews,
      readers: [],
      mine: reviews.find((r) => r.readerId === caller.id) ?? null,
    });
    if (!admin) return summary;
    const all = reviews.flatMap((r) => r.ratings);
    summary.averages = criteria
      .map((c) => {
        const values = all.filter((x) => x.criterionId === c.id).map((x) => x.rating);
        return {
          criterionId: c.id,
          count: values.length,
          average: values.length ? round2(values.reduce((a, b) => a + b, 0) / values.length) : 0,
        };
      })
      .filter((a) => a.count > 0);
    summary.overall = all.length ? round2(all.reduce((a, b) => a + b.rating, 0) / all.length) : null;
    for (const r of reviews) counts[r.recommendation] += 1;
    const readers = (await this.db.query(
      `SELECT u.id, u.first_name, u.last_name, u.email, aa.assigned_at,
              EXISTS (SELECT 1 FROM application_reviews r WHERE r.application_id = aa.application_id AND r.reader_id = u.id) AS reviewed
         FROM application_assignments aa JOIN users u ON u.id = aa.reader_id
        WHERE aa.application_id = $1 ORDER BY aa.assigned_at, u.email`,
      [applicationId],
    )) as Record<string, unknown>[];
    summary.readers = readers.map((r) => ({
      id: String(r.id),
      name: formatPersonName({ firstName: String(r.first_name), lastName: String(r.last_name) }),
      email: String(r.email),
      assignedAt: new Date(r.assigned_at as string).toISOString(),
      reviewed: Boolean(r.reviewed),
    }));
    return summary;
  }

  /**
   * Creates or replaces the caller's review, in one transaction with its audit entry (`review-create` /
   * `review-update`, resource `reviews`) and, for the first review of a `complete` application, the move
   * to `under_review` (audited as `under-review` on `applications`).
   * @throws ApiException 404 APP-404; 409 STS-409 when the application is not complete, under review or
   *         decided; 422 VAL-001 for a rating of an unknown or archived criterion, or a criterion not rated
   */
  async save(applicationId: string, dto: SaveReviewDto, caller: User): Promise<ReviewResponse> {
    return this.db.transaction(async (manager) => {
      const app = await this.assertMayReview(manager, applicationId, caller, true);
      if (!REVIEWABLE.includes(app.status)) throw new ApiException(HttpStatus.CONFLICT, 'STS-409');
      const ratings = await this.checkedRatings(manager, dto);
      const repository = manager.getRepository(ApplicationReview);
      const existing = await repository.findOne({ where: { applicationId, readerId: caller.id } });
      const before = existing ? await this.one(manager, existing.id) : null;
      const values = { ratings, recommendation: dto.recommendation, comments: (dto.comments ?? '').trim() };
      const saved = existing
        ? await repository.save(Object.assign(existing, values))
        : await repository.save(repository.create({ applicationId, readerId: caller.id, ...values }));
      const after = await this.one(manager, saved.id);
      await this.audit.record(
        {
          actor: caller,
          action: existing ? 'review-update' : 'review-create',
          resource: 'reviews',
          recordId: applicationId,
          before,
          after,
        },
        manager,
      );
      if (app.status === 'complete') {
        await manager
          .createQueryBuilder()
          .update(Application)
          .set({ status: 'under_review', version: () => 'version + 1', updatedAt: () => 'now()' })
          .where('id = :id', { id: applicationId })
          .execute();
        await this.audit.record(
          {
            actor: caller,
            action: 'under-review',
            resource: 'applications',
            recordId: applicationId,
            before: { status: 'complete' },
            after: { status: 'under_review' },
          },
          manager,
        );
      }
      return after;
    });
  }

  /** The ratings as stored (criterion id → rating), checked against the active criteria. */
  private async checkedRatings(manager: EntityManager, dto: SaveReviewDto): Promise<Record<string, number>> {
    const active = await manager.getRepository(ReviewCriterion).find({ where: { active: true } });
    const ids = new Set(active.map((c) => c.id));
    const errors: Record<string, FieldErrorMessage[]> = {};
    const ratings: Record<string, number> = {};
    dto.ratings.forEach((r, i) => {
      if (!ids.has(r.criterionId) || String(r.criterionId) in ratings)
        errors[`ratings.${i}.criterionId`] = [{ key: 'errors.REV-422-criterion' }];
      else ratings[String(r.criterionId)] = r.rating;
    });
    const missing = active.filter((c) => !(String(c.id) in ratings)).map((c) => c.id);
    if (missing.length && !Object.keys(errors).length) errors.ratings = [{ key: 'errors.REV-422-missing' }];
    if (Object.keys(errors).length) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors, data: { missing } });
    return ratings;
  }

  /**
   * The application, when the caller may review it: an admin any, a reader one assigned to them.
   * @param lock lock the application row (FOR UPDATE) for a status change
   * @throws ApiException 404 APP-404 otherwise
   */
  private async assertMayReview(manager: EntityManager, applicationId: string, caller: User, lock = false): Promise<Application> {
    const notFound = () => new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
    if (!/^[0-9a-f-]{36}$/i.test(applicationId)) throw notFound();
    const qb = manager.getRepository(Application).createQueryBuilder('a').where('a.id = :id', { id: applicationId });
    if (caller.role !== 'admin')
      qb.andWhere('EXISTS (SELECT 1 FROM application_assignments aa WHERE aa.application_id = a.id AND aa.reader_id = :reader)', {
        reader: caller.id,
      });
    const app = await (lock ? qb.setLock('pessimistic_write') : qb).getOne();
    if (!app) throw notFound();
    return app;
  }

  private async one(manager: EntityManager, id: string): Promise<ReviewResponse> {
    const [review] = await this.reviews(undefined, undefined, id, manager);
    return review!;
  }

  /** Reviews with their reader's name, oldest first: of an application, optionally of one reader, or one by id. */
  private async reviews(
    applicationId?: string,
    readerId?: string,
    id?: string,
    manager: EntityManager = this.db.manager,
  ): Promise<ReviewResponse[]> {
    const rows = (await manager.query(
      `SELECT r.*, u.first_name, u.last_name, u.email FROM application_reviews r JOIN users u ON u.id = r.reader_id
        WHERE ($1::uuid IS NULL OR r.application_id = $1) AND ($2::uuid IS NULL OR r.reader_id = $2) AND ($3::uuid IS NULL OR r.id = $3)
        ORDER BY r.created_at, r.id`,
      [applicationId ?? null, readerId ?? null, id ?? null],
    )) as Record<string, unknown>[];
    return rows.map((r) =>
      Object.assign(new ReviewResponse(), {
        id: String(r.id),
        applicationId: String(r.application_id),
        readerId: String(r.reader_id),
        readerName: formatPersonName({ firstName: String(r.first_name), lastName: String(r.last_name) }),
        readerEmail: String(r.email),
        ratings: Object.entries(r.ratings as Record<string, number>).map(([criterionId, rating]) => ({
          criterionId: Number(criterionId),
          rating,
        })),
        recommendation: r.recommendation as Recommendation,
        comments: String(r.comments),
        createdAt: new Date(r.created_at as string).toISOString(),
        updatedAt: new Date(r.updated_at as string).toISOString(),
      }),
    );
  }
}
