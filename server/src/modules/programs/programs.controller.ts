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
   * (en, es, zh-CN; issue 11), `courses` = the offerings open now (issue 25). 422 VAL-001 when gender is
   * not female or male.
   */
  @Get()
  @Header('Vary', 'Accept-Language')
  @ApiOperation({ summary: 'Fields of interest for a gender, with popup, courses and section flags' })
  @ApiOkResponse({ type: [ProgramResponse] })
  list(@Query() query: GenderQuery, @Req() request: Request): Promise<ProgramResponse[]> {
    return this.programs.list(query.gender, this.i18n.localeOf(request));
  }

  /** Terms with an offering open to a gender now (issue 25), each `{name, begins, startsOn, label}`, the label in the caller's `Accept-Language`. */
  @Get('semesters')
  @Header('Vary', 'Accept-Language')
  @ApiOperation({ operationId: 'listSemesters', summary: 'Semesters offered to a gender' })
  @ApiOkResponse({ type: [SemesterResponse] })
  semesters(@Query() query: GenderQuery, @Req() request: Request): Promise<SemesterResponse[]> {
    return this.programs.semesters(query.gender, this.i18n.localeOf(request));
  }

  /**
   * Every term's name in the caller's `Accept-Language` (issue 25): `{name, begins, startsOn, label}` by
   * first day of classes, open or not — for showing a saved term (a draft's, a decision's) by its name
   * once its window has closed.
   */
  @Get('terms')
  @Header('Vary', 'Accept-Language')
  @ApiOperation({ operationId: 'listTermNames', summary: 'Every term with its name in the caller’s language' })
  @ApiOkResponse({ type: [SemesterResponse] })
  terms(@Req() request: Request): Promise<SemesterResponse[]> {
    return this.programs.termNames(this.i18n.localeOf(request));
  }
}
