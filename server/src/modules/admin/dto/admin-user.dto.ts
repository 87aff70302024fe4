import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { USER_ROLES, type User, type UserRole } from '../../users/user.entity.js';

/** An account in the admin console (`/api/admin/users`), in the `/api/user` naming. */
export class AdminUserResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: USER_ROLES }) role: UserRole;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;

  /** Maps an entity (never the password hash). */
  static from(user: User): AdminUserResponse {
    return Object.assign(new AdminUserResponse(), {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      role: user.role,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    });
  }
}

/** `PUT /api/admin/users/:id`: set the role (admin, reader or applicant), or correct the name. Unknown fields are refused (422). */
export class UpdateAdminUserDto {
  @ApiPropertyOptional({ enum: USER_ROLES }) @IsOptional() @IsIn(USER_ROLES) role?: UserRole;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100) first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100) last_name?: string;
}
