/**
 * The file slots of the details form (spec §3 "File slots" and "Upload state per file slot"; BRIEF
 * contract 3). The multipart `field` of an attachment call is one of these names, exactly.
 */
export const ATTACHMENT_SLOTS = [
  'statistics',
  'math',
  'introductionToPsychology',
  'introductionToProgramming',
  'introductionToEnglish',
  'introductionToBiology',
  'seminary',
  'picture',
  'personalStatement',
  'ClinicalEssay',
  'essay',
  'resume',
  'gre',
  'firstLetterOfRecommendation',
  'secondLetterOfRecommendation',
  'hsTranscript',
  'undergraduateTranscript',
  'graduateTranscript',
  'firstLetterOfReference',
  'secondLetterOfReference',
  'introToSpeechAndLanguagePathology',
  'businessLaw',
  'phonetics',
  'audiology',
  'speechScience',
  'passedCollegeLevelOrAPCoursesFiles1',
  'passedCollegeLevelOrAPCoursesFiles2',
  'passedCollegeLevelOrAPCoursesFiles3',
  'passedCollegeLevelOrAPCoursesFiles4',
] as const;

/** One slot name of {@link ATTACHMENT_SLOTS}. */
export type AttachmentSlot = (typeof ATTACHMENT_SLOTS)[number];

/** True when `name` is a slot of {@link ATTACHMENT_SLOTS}. */
export function isAttachmentSlot(name: unknown): name is AttachmentSlot {
  return typeof name === 'string' && (ATTACHMENT_SLOTS as readonly string[]).includes(name);
}

/** A file kind the portal accepts, detected from content (DESIGN §6). */
export type AcceptedKind = 'pdf' | 'jpg' | 'png' | 'doc' | 'docx';

/** MIME type stored and served for each accepted kind. */
export const KIND_MIME: Record<AcceptedKind, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The slots that take a photograph: JPEG or PNG only. */
export const PICTURE_SLOTS: readonly AttachmentSlot[] = ['picture'];

/**
 * Which kinds a slot accepts. Every document slot (all but `picture`) takes PDF, JPEG, PNG, DOCX and DOC;
 * DOC means an OLE2 compound file (file-type reports `cfb`) that holds a `WordDocument` stream, so
 * Excel, PowerPoint or installer files, which are compound files too, are refused.
 */
export function kindsFor(slot: string): readonly AcceptedKind[] {
  return (PICTURE_SLOTS as readonly string[]).includes(slot) ? ['jpg', 'png'] : ['pdf', 'jpg', 'png', 'doc', 'docx'];
}
