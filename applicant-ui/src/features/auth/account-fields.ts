/**
 * zod building blocks of the account forms (login, register, password reset); messages are i18n keys.
 * Limits follow the server (docs/api.md "Accounts"): e-mail ≤ 254, names ≤ 100, password 8–1024 characters.
 */
import { z } from 'zod';

/** Shortest new password the server accepts. */
export const PASSWORD_MIN = 8;
/** Longest password the server accepts. */
export const PASSWORD_MAX = 1024;

/** A required e-mail address (trimmed). */
export const emailField = () =>
  z.string().trim().min(1, 'validation.email_required').max(254, 'validation.too_long').email('validation.email');

/** A required person's name (trimmed, ≤ 100 characters). */
export const nameField = () => z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long');

/** A new password: 8–1024 characters, not trimmed (spaces count). */
export const newPasswordField = () =>
  z.string().min(1, 'validation.password_required').min(PASSWORD_MIN, 'validation.password_min').max(PASSWORD_MAX, 'validation.too_long');

/**
 * Adds the "confirmation equals password" rule to an object schema with `password` and
 * `password_confirmation`; the error is reported on `password_confirmation`.
 */
export function withConfirmation<S extends z.ZodType<{ password: string; password_confirmation: string }>>(schema: S) {
  return schema.refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation.password_mismatch',
  });
}
