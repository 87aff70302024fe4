/**
 * The attachment slots (cross-team contract 3, spec §3 "file slots") in the order the documents step
 * shows them, and which slots a program needs (from `requirements.attachmentSlots`).
 */

/** The four AP / college-course slots (spec §9: four slots), always offered and optional. */
export const AP_COURSE_SLOTS = [
  'passedCollegeLevelOrAPCoursesFiles1',
  'passedCollegeLevelOrAPCoursesFiles2',
  'passedCollegeLevelOrAPCoursesFiles3',
  'passedCollegeLevelOrAPCoursesFiles4',
] as const;

/** Every slot name, in display order; the i18n label of a slot is `slots.<name>`. */
export const ALL_SLOTS = [
  'picture',
  'personalStatement',
  'ClinicalEssay',
  'essay',
  'resume',
  'gre',
  'hsTranscript',
  'undergraduateTranscript',
  'graduateTranscript',
  'firstLetterOfRecommendation',
  'secondLetterOfRecommendation',
  'firstLetterOfReference',
  'secondLetterOfReference',
  'seminary',
  'statistics',
  'math',
  'introductionToPsychology',
  'introductionToProgramming',
  'introductionToEnglish',
  'introductionToBiology',
  'introToSpeechAndLanguagePathology',
  'businessLaw',
  'phonetics',
  'audiology',
  'speechScience',
  ...AP_COURSE_SLOTS,
] as const;

/** A slot name. */
export type SlotName = (typeof ALL_SLOTS)[number];

/** The picture slot takes JPEG/PNG only (DESIGN §6); the others PDF, JPEG, PNG, DOC, DOCX. */
export const PICTURE_SLOT = 'picture';

/** `accept` attribute of a slot's file input (a hint for the picker; the server decides by content). */
export function acceptFor(slot: string): string {
  return slot === PICTURE_SLOT ? 'image/jpeg,image/png' : '.pdf,.jpg,.jpeg,.png,.doc,.docx,application/pdf,image/jpeg,image/png';
}

/** One row of the documents step. */
export interface SlotRow {
  slot: string;
  required: boolean;
}

/**
 * The slots shown for a program: the required ones of `requirements.attachmentSlots` (in display
 * order; unknown names are kept at the end so nothing the server asks for is hidden), then the
 * four optional AP-course slots.
 */
export function slotRows(requiredSlots: readonly string[]): SlotRow[] {
  const required = new Set(requiredSlots);
  const known = new Set<string>(ALL_SLOTS);
  const rows: SlotRow[] = ALL_SLOTS.filter((s) => required.has(s)).map((slot) => ({ slot, required: true }));
  for (const s of requiredSlots) if (!known.has(s)) rows.push({ slot: s, required: true });
  for (const s of AP_COURSE_SLOTS) if (!required.has(s)) rows.push({ slot: s, required: false });
  return rows;
}

/** The required slots that have no upload yet. */
export function missingSlots(requiredSlots: readonly string[], uploaded: ReadonlySet<string>): string[] {
  return requiredSlots.filter((s) => !uploaded.has(s));
}
