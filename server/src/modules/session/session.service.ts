import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { FormSession } from './session.entity.js';
import { SessionResponse, type UpsertSessionDto } from './dto/session.dto.js';

/** Form sessions of spec §4: id check (SES-000 free / SES-001 in use) and upsert. */
@Injectable()
export class SessionService {
  constructor(@InjectRepository(FormSession) private readonly sessions: Repository<FormSession>) {}

  /** SES-001 when a session with this id exists, else SES-000. */
  async check(id: string): Promise<'SES-000' | 'SES-001'> {
    return (await this.sessions.exists({ where: { id } })) ? 'SES-001' : 'SES-000';
  }

  /**
   * Creates or updates a session in one statement (`INSERT … ON CONFLICT DO UPDATE`), so two calls that
   * race on a new id both succeed. Only the fields sent are changed; `startTime` is kept from the first
   * call and `renewed` stays true once set. A session id belongs to one application for good: the
   * caller must already be authorized for `dto.parentId` (see the controller).
   * @throws ApiException 403 AUTH-403 when the id is a session of another application
   */
  async upsert(dto: UpsertSessionDto): Promise<SessionResponse> {
    const date = (v?: string) => (v ? new Date(v) : null);
    const rows: FormSession[] = await this.sessions.query(
      `INSERT INTO sessions AS s (id, start_time, new_start_time, last_activity_time, end_time, parent_module, parent_id, renewed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8, false))
       ON CONFLICT (id) DO UPDATE SET
         new_start_time = COALESCE(EXCLUDED.new_start_time, s.new_start_time),
         last_activity_time = COALESCE(EXCLUDED.last_activity_time, s.last_activity_time),
         end_time = COALESCE(EXCLUDED.end_time, s.end_time),
         parent_module = COALESCE(EXCLUDED.parent_module, s.parent_module),
         parent_id = COALESCE(EXCLUDED.parent_id, s.parent_id),
         renewed = s.renewed OR COALESCE($8, false),
         updated_at = now()
       WHERE s.parent_id IS NOT DISTINCT FROM EXCLUDED.parent_id
       RETURNING id, start_time AS "startTime", new_start_time AS "newStartTime", end_time AS "endTime",
                 last_activity_time AS "lastActivityTime", parent_module AS "parentModule", parent_id AS "parentId", renewed`,
      [
        dto.id,
        new Date(dto.startTime),
        date(dto.newStartTime),
        date(dto.lastActivityTime),
        date(dto.endTime),
        dto.parentModule ?? null,
        dto.parentId,
        dto.renewed ?? null,
      ],
    );
    if (!rows[0]) throw new ApiException(HttpStatus.FORBIDDEN, 'AUTH-403');
    return SessionResponse.from(rows[0]);
  }
}
