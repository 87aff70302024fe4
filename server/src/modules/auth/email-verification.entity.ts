import { Entity } from 'typeorm';
import { OneTimeLink } from './one-time-link.js';

/** An e-mail verification link (table `email_verifications`): only the token's sha256 is stored; single use, 24 hours. */
@Entity('email_verifications')
export class EmailVerification extends OneTimeLink {}
