import { ApiProperty } from '@nestjs/swagger';
import { USER_ROLES, type User, type UserRole } from '../user.entity.js';

/** `GET /api/user` answer (the laravel-vue-spa contract of DESIGN §4). */
export class UserResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: USER_ROLES }) role: UserRole;
  /** True once the address is verified; until then the account claims no application by e-mail (issue 11). */
  @ApiProperty() email_verified: boolean;

  /** Maps an entity to the wire shape (never includes the password hash). */
  static from(user: User): UserResponse {
    return Object.assign(new UserResponse(), {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      role: user.role,
      email_verified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined,
    });
  }
}
