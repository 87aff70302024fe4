import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { UserResponse } from '../../users/dto/user.response.js';

/** Answer of login and register: a bearer token and its lifetime in seconds. */
export class TokenResponse {
  @ApiProperty() token: string;
  @ApiProperty({ enum: ['bearer'] }) token_type: 'bearer';
  @ApiProperty({ description: 'seconds until the token expires' }) expires_in: number;
  @ApiPropertyOptional({ type: UserResponse }) user?: UserResponse;
}
