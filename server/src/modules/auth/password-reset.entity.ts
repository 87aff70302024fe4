import { Entity } from 'typeorm';
import { OneTimeLink } from './one-time-link.js';

/** A password-reset link (table `password_resets`): only the token's sha256 is stored; single use, 30 minutes. */
@Entity('password_resets')
export class PasswordReset extends OneTimeLink {}
