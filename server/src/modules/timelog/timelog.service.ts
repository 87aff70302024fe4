import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { TimeLog } from './time-log.entity.js';
import type { TimeLogResponse } from './dto/time-log.dto.js';

/** Time spent per form step (spec §3 Time log record). */
@Injectable()
export class TimelogService {
  constructor(@InjectRepository(TimeLog) private readonly logs: Repository<TimeLog>) {}

  /** Records `duration` seconds (4 decimals) on `step` of an application. */
  async record(applicationId: string, step: string, duration: number): Promise<TimeLogResponse> {
    const row = await this.logs.save(this.logs.create({ applicationId, step, duration: duration.toFixed(4) }));
    return { id: String(row.id), duration: Number(row.duration).toFixed(4), step: row.step };
  }
}
