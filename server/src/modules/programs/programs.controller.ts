import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GenderQuery, ProgramResponse, SemesterResponse } from './dto/program.dto.js';
import { ProgramsService } from './programs.service.js';

/** The program catalogue (DESIGN §4 `GET /api/programs?gender=`). Public. */
@ApiTags('programs')
@Controller('programs')
export class ProgramsController {
  constructor(private readonly programs: ProgramsService) {}

  /** Fields of interest offered to a gender. 422 VAL-001 when gender is not female or male. */
  @Get()
  @ApiOperation({ summary: 'Fields of interest for a gender, with popup, courses and section flags' })
  @ApiOkResponse({ type: [ProgramResponse] })
  list(@Query() query: GenderQuery): Promise<ProgramResponse[]> {
    return this.programs.list(query.gender);
  }

  /** Semesters offered to a gender. */
  @Get('semesters')
  @ApiOperation({ operationId: 'listSemesters', summary: 'Semesters offered to a gender' })
  @ApiOkResponse({ type: [SemesterResponse] })
  semesters(@Query() query: GenderQuery): SemesterResponse[] {
    return this.programs.semesters(query.gender);
  }
}
