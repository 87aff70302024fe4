import { fieldsOf, mergeLetter, templateProblems } from '../decisions/letter-template.js';

/**
 * The variables a message template may use (issue 30 item 2) — an allow-list, checked by the letters'
 * sandboxed Handlebars (`decisions/letter-template.ts`: only `{{variable}}`; no blocks, helpers,
 * partials, paths or `{{{raw}}}`; a missing value throws):
 * - `fullName` the name in its own order (`contract/format/person-name.ts`: 王芳, María José Pérez);
 *   `greetingName` the name a greeting uses (given name, or the full family-first name); `firstName`, `lastName`
 * - `program` the program's label and `term` the term's label, in the message's language
 * - `deadline` the next deadline of the applicant's own offering and round, in the applicant's time zone and
 *   the message's language (empty when none is ahead)
 * - `referenceNumber`
 * - `link` a personal link that opens the application at the right step (`/validation?token=…` forwards to
 *   the step reached, or to the details form once submitted); `continueLink` the page that e-mails new links
 */
export const MESSAGE_VARIABLES = [
  'fullName',
  'greetingName',
  'firstName',
  'lastName',
  'program',
  'term',
  'deadline',
  'referenceNumber',
  'link',
  'continueLink',
] as const;
/** One of {@link MESSAGE_VARIABLES}. */
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];
/** The values a message is rendered with. */
export type MessageValues = Record<MessageVariable, string>;

/**
 * What is wrong with a subject or body: a parse error, or the names used that are not in
 * {@link MESSAGE_VARIABLES} (any other construct by its kind). Empty when valid.
 */
export function messageTemplateProblems(text: string): string[] {
  return templateProblems(text, MESSAGE_VARIABLES);
}

/** True when `text` (a valid template) uses `variable` (its fields are read once per text, then kept). */
export function usesVariable(text: string, variable: MessageVariable): boolean {
  return fieldsOf(text).has(variable);
}

/** Renders a valid template's text with `values` (plain text; the caller makes the HTML). */
export function renderMessageText(text: string, values: MessageValues): string {
  return mergeLetter(text, values);
}
