import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
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

  /** Creates or updates a session; only the fields sent are changed (`renewed` stays true once set). */
  async upsert(dto: UpsertSessionDto): Promise<SessionResponse> {
    const date = (v?: string) => (v ? new Date(v) : undefined);
    const existing = await this.sessions.findOne({ where: { id: dto.id } });
    const row =
      existing ??
      this.sessions.create({
        id: dto.id,
        renewed: false,
        newStartTime: null,
        endTime: null,
        lastActivityTime: null,
        parentModule: null,
        parentId: null,
      });
    row.startTime = existing?.startTime ?? new Date(dto.startTime);
    const changes: Partial<FormSession> = {
      newStartTime: date(dto.newStartTime),
      lastActivityTime: date(dto.lastActivityTime),
      endTime: date(dto.endTime),
      parentModule: dto.parentModule,
      parentId: dto.parentId,
      renewed: dto.renewed === undefined ? undefined : row.renewed || dto.renewed,
    };
    for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(row, { [key]: value });
    return SessionResponse.from(await this.sessions.save(row));
  }
}
