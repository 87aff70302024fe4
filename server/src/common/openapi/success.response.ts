import { ApiProperty } from '@nestjs/swagger';

/** The body of an operation that answers only that it succeeded: `{ "success": true }`. */
export class SuccessResponse {
  @ApiProperty({ type: Boolean, enum: [true] }) success: true;
}
