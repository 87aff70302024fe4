import { Controller, Get, Header, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GenderQuery, ProgramResponse, SemesterResponse } from './dto/program.dto.js';
import { ProgramsService } from './programs.service.js';

/** The program catalogue (DESIGN §4 `GET /api/programs?gender=`). Public. */
@ApiTags('programs')
@Controller('programs')
export class ProgramsController {
  constructor(
    private readonly programs: ProgramsService,
    private readonly i18n: I18nService,
  ) {}

  /**
   * Fields of interest offered to a gender, label and popup title in the caller's `Accept-Language`
   * (en, es, zh-CN; issue 11). 422 VAL-001 when gender is not female or male.
   */
  @Get()
  @Header('Vary', 'Accept-Language')
  @ApiOperation({ summary: 'Fields of interest for a gender, with popup, courses and section flags' })
  @ApiOkResponse({ type: [ProgramResponse] })
  list(@Query() query: GenderQuery, @Req() request: Request): Promise<ProgramResponse[]> {
    return this.programs.list(query.gender, this.i18n.localeOf(request));
  }

  /** Semesters offered to a gender, each `{name, begins, label}` with the label in the caller's `Accept-Language`. */
  @Get('semesters')
  @Header('Vary', 'Accept-Language')
  @ApiOperation({ operationId: 'listSemesters', summary: 'Semesters offered to a gender' })
  @ApiOkResponse({ type: [SemesterResponse] })
  semesters(@Query() query: GenderQuery, @Req() request: Request): SemesterResponse[] {
    return this.programs.semesters(query.gender, this.i18n.localeOf(request));
  }
}
