import type { SectionFlags } from '../programs/programs.catalogue.js';
import type { AttachmentSlot } from './attachment-slots.js';

/**
 * The attachment slots an application must fill before it can be completed (BRIEF contract 5).
 *
 * Adapter: the one rule set of the portal lives in i3-server's `applications/requirements/`
 * (`attachmentSlots` of `GET /api/applications/:id/requirements`). Until that is merged, this maps the
 * program's section flags (spec §3 "Flags decide which form sections appear") to slots:
 * - always: `picture`;
 * - highSchoolTranscript → `hsTranscript`; undergraduateTranscript → `undergraduateTranscript`;
 *   unofficialGraduateTranscript → `graduateTranscript`; gre → `gre`; resume → `resume`;
 *   essay → `essay`; personalStatement → `personalStatement`;
 * - recommendationLetters → `firstLetterOfRecommendation`, `secondLetterOfRecommendation`;
 * - references → `firstLetterOfReference`, `secondLetterOfReference`.
 * @param flags the section flags of the application's field of interest (undefined: only `picture`)
 */
export function requiredSlotsFor(flags: SectionFlags | undefined): AttachmentSlot[] {
  const slots: AttachmentSlot[] = ['picture'];
  if (!flags) return slots;
  if (flags.highSchoolTranscript) slots.push('hsTranscript');
  if (flags.undergraduateTranscript) slots.push('undergraduateTranscript');
  if (flags.unofficialGraduateTranscript) slots.push('graduateTranscript');
  if (flags.gre) slots.push('gre');
  if (flags.resume) slots.push('resume');
  if (flags.essay) slots.push('essay');
  if (flags.personalStatement) slots.push('personalStatement');
  if (flags.recommendationLetters) slots.push('firstLetterOfRecommendation', 'secondLetterOfRecommendation');
  if (flags.references) slots.push('firstLetterOfReference', 'secondLetterOfReference');
  return slots;
}
