import { ApiProperty } from '@nestjs/swagger';
import { ClassShapeStatsResponse } from '../../enrollment/dto/class-shape.dto.js';

/** Applications that reached at least a step (the funnel). */
export class FunnelStep {
  @ApiProperty({ minimum: 1, maximum: 8 }) step: number;
  @ApiProperty({ description: 'applications whose stepReached is at least this step' }) reached: number;
}

/** Time spent on one step, from the time log (seconds). */
export class StepTime {
  @ApiProperty({ example: 'personal' }) step: string;
  @ApiProperty({ description: 'time-log records' }) count: number;
  @ApiProperty({ description: 'median duration, seconds (4 decimals)' }) medianSeconds: number;
  @ApiProperty({ description: '90th percentile duration, seconds (4 decimals)' }) p90Seconds: number;
}

/** Payment attempts of one status. */
export class PaymentStatusTotal {
  @ApiProperty() count: number;
  @ApiProperty({ description: 'sum of `total`, in the major unit of `PaymentTotals.currency` (summed in cents)' }) amount: number;
}

/** Payment totals. */
export class PaymentTotals {
  @ApiProperty({ description: 'every payment attempt' }) attempts: number;
  @ApiProperty({ description: 'sum of approved payments, in the major unit of `currency` (summed in cents)' }) collected: number;
  @ApiProperty({ example: 'USD', description: 'ISO 4217 code of the amounts (`CURRENCY`)' }) currency: string;
  @ApiProperty({ description: 'approved payments' }) approved: number;
  @ApiProperty({ description: 'fee waivers' }) waived: number;
  @ApiProperty({
    type: 'object',
    description: 'by payment status (pending, approved, declined, held, rejected, unknown, waived)',
    additionalProperties: { type: 'object', properties: { count: { type: 'number' }, amount: { type: 'number' } } },
  })
  byStatus: Record<string, PaymentStatusTotal>;
}

/** Dashboard Home figures (DESIGN §10). */
export class AdminStatsResponse {
  @ApiProperty({ description: 'applications' }) total: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, example: { draft: 10, submitted: 2 } })
  byStatus: Record<string, number>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'by fieldOfInterest', example: { MSW: 4 } })
  byProgram: Record<string, number>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'by program group', example: { graduate: 4 } })
  byProgramGroup: Record<string, number>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'applications per term key' })
  bySemester: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: "applications per admission round key (issue 25); '' = no round (every deadline passed, or no offering)",
  })
  byRound: Record<string, number>;
  @ApiProperty({ type: [String], description: 'every term key, by first day of classes (the order to show `bySemester` in)' })
  termOrder: string[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, example: { Unpaid: 10, Paid: 2 } })
  byPaymentStatus: Record<string, number>;
  @ApiProperty({ type: [FunnelStep] }) funnel: FunnelStep[];
  @ApiProperty({ type: [StepTime] }) timePerStep: StepTime[];
  @ApiProperty({ description: 'form sessions with activity in the last 30 minutes and no end time' }) activeSessions: number;
  @ApiProperty({ type: PaymentTotals }) payments: PaymentTotals;
  @ApiProperty({
    type: ClassShapeStatsResponse,
    description: 'the class taking shape (issue 29 item 5): the counts of `GET /api/admin/class-shape` added up, in total and per term',
  })
  classShape: ClassShapeStatsResponse;
  @ApiProperty({ format: 'date-time' }) generatedAt: string;
}
