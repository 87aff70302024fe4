import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { ParsedListQuery } from '../../common/http/simple-rest.js';
import { FormSession } from '../session/session.entity.js';
import { TimeLog } from '../timelog/time-log.entity.js';
import { applyDateRange } from './audit.service.js';
import { AdminSessionResponse } from './dto/admin-activity.dto.js';
import type { AdminTimeLogEntry } from './dto/admin-application.dto.js';

/** Read-only lists of the time log and the form sessions for the admin console (DESIGN §4). */
@Injectable()
export class AdminActivityService {
  constructor(
    @InjectRepository(TimeLog) private readonly timeLogs: Repository<TimeLog>,
    @InjectRepository(FormSession) private readonly sessions: Repository<FormSession>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Time-log page. Filters: `applicationId`, `step`, `createdFrom`, `createdTo`. */
  async timeLogPage(query: ParsedListQuery): Promise<{ rows: AdminTimeLogEntry[]; total: number }> {
    const f = query.filter;
    const qb = this.timeLogs.createQueryBuilder('t');
    if (typeof f.applicationId === 'string' && /^[0-9a-f-]{36}$/i.test(f.applicationId))
      qb.andWhere('t.application_id = :app', { app: f.applicationId });
    else if (f.applicationId !== undefined) qb.andWhere('false');
    if (typeof f.step === 'string' && f.step) qb.andWhere('t.step = :step', { step: f.step });
    applyDateRange(qb, 't.created_at', f.createdFrom, f.createdTo);
    const column = { id: 't.id', createdAt: 't.createdAt', duration: 't.duration', step: 't.step' }[query.sortField] ?? 't.id';
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder)
      .addOrderBy('t.id', 'DESC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return {
      rows: rows.map((r) => ({
        id: String(r.id),
        applicationId: r.applicationId,
        step: r.step,
        duration: Number(r.duration),
        createdAt: r.createdAt.toISOString(),
      })),
      total,
    };
  }

  /** Session page. Filters: `active` (true/false), `parentId`, `parentModule`, `q` (part of the id). */
  async sessionPage(query: ParsedListQuery): Promise<{ rows: AdminSessionResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.sessions.createQueryBuilder('s');
    const activity = 'coalesce(s.last_activity_time, s.new_start_time, s.start_time)';
    // active: no end and seen within SESSION_STALE_MINUTES (issue 11 item 7; default the spec §9 maximum)
    const since = new Date(Date.now() - this.config.SESSION_STALE_MINUTES * 60_000);
    if (f.active === true || f.active === 'true') qb.andWhere(`s.end_time IS NULL AND ${activity} > :since`, { since });
    if (f.active === false || f.active === 'false') qb.andWhere(`(s.end_time IS NOT NULL OR ${activity} <= :since)`, { since });
    if (typeof f.parentId === 'string' && f.parentId) qb.andWhere('s.parent_id = :parentId', { parentId: f.parentId });
    if (typeof f.parentModule === 'string' && f.parentModule)
      qb.andWhere('s.parent_module = :parentModule', { parentModule: f.parentModule });
    if (typeof f.q === 'string' && f.q) qb.andWhere('s.id ILIKE :q', { q: `%${f.q.replace(/[%_\\]/g, '\\$&')}%` });
    const column =
      { id: 's.id', startTime: 's.startTime', lastActivityTime: 's.lastActivityTime', endTime: 's.endTime', createdAt: 's.createdAt' }[
        query.sortField
      ] ?? 's.createdAt';
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder, 'NULLS LAST')
      .addOrderBy('s.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      rows: rows.map((s) => {
        const last = s.lastActivityTime ?? s.newStartTime ?? s.startTime;
        return Object.assign(new AdminSessionResponse(), {
          id: s.id,
          startTime: s.startTime.toISOString(),
          newStartTime: iso(s.newStartTime),
          endTime: iso(s.endTime),
          lastActivityTime: iso(s.lastActivityTime),
          parentModule: s.parentModule,
          parentId: s.parentId,
          renewed: s.renewed,
          active: !s.endTime && last.getTime() > since.getTime(),
          createdAt: s.createdAt.toISOString(),
        });
      }),
      total,
    };
  }
}
