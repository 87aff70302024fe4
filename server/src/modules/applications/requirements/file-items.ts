import type { Application, ReferenceStatus } from '../application.entity.js';
import type { Requirements } from './requirements.js';

/**
 * THE rule of what an application's file needs and what it has received (issue 24): the one answer behind
 * the applicant's checklist, the documents page and its "Send documents", `POST …/complete`, the file
 * completing itself, the reader's queue and the console. Pure: callers give the facts.
 *
 * Two kinds of required item:
 * - `upload`: a slot the applicant uploads (`requirements.attachmentSlots`), received when it holds a file;
 * - `recommendation`: a slot a recommender fills (`requirements.recommenderSlots`), received when the
 *   recommender sent a letter **or** answered the short form, waived or not (the application's
 *   `firstReferenceStatus` / `secondReferenceStatus` is `Received`), when the office waived it (`Waived`),
 *   or when the slot holds a file (a letter uploaded before recommenders had links of their own).
 */

/** The recommendation each recommender-filled slot stands for, and the application column that follows it. */
export const RECOMMENDER_SLOTS = {
  firstLetterOfRecommendation: { recommendation: 'first', statusField: 'firstReferenceStatus' },
  secondLetterOfRecommendation: { recommendation: 'second', statusField: 'secondReferenceStatus' },
} as const satisfies Record<string, { recommendation: string; statusField: keyof Application }>;

/** A slot recommenders fill. */
export type RecommenderSlot = keyof typeof RECOMMENDER_SLOTS;

/** True when `slot` is filled by a recommender, never by the applicant. */
export function isRecommenderSlot(slot: string): slot is RecommenderSlot {
  return Object.hasOwn(RECOMMENDER_SLOTS, slot);
}

/** What the rule needs to know of an application. */
export interface FileFacts {
  /** Slots that hold a current file. */
  filledSlots: ReadonlySet<string>;
  firstReferenceStatus: ReferenceStatus;
  secondReferenceStatus: ReferenceStatus;
}

/** One required item of the file. */
export interface FileItem {
  kind: 'upload' | 'recommendation';
  /** The attachment slot (for a recommendation, the slot its letter would fill). */
  slot: string;
  /** For a recommendation: `first` or `second`; else null. */
  recommendation: 'first' | 'second' | null;
  received: boolean;
}

/** Reference statuses that satisfy a recommendation item. */
const SATISFIED: readonly ReferenceStatus[] = ['Received', 'Waived'];

/**
 * The file's required items, uploads first (in the order of `attachmentSlots`), then recommendations.
 * @param requirements the application's requirements (`computeRequirements`)
 */
export function fileItems(requirements: Pick<Requirements, 'attachmentSlots' | 'recommenderSlots'>, facts: FileFacts): FileItem[] {
  const uploads: FileItem[] = requirements.attachmentSlots
    .filter((slot) => !isRecommenderSlot(slot))
    .map((slot) => ({ kind: 'upload', slot, recommendation: null, received: facts.filledSlots.has(slot) }));
  const recommendations: FileItem[] = requirements.recommenderSlots.filter(isRecommenderSlot).map((slot) => {
    const { recommendation, statusField } = RECOMMENDER_SLOTS[slot];
    return {
      kind: 'recommendation',
      slot,
      recommendation,
      received: SATISFIED.includes(facts[statusField]) || facts.filledSlots.has(slot),
    };
  });
  return [...uploads, ...recommendations];
}

/** The slots of the items not received yet (uploads first, then recommendations). */
export function missingItems(items: readonly FileItem[]): string[] {
  return items.filter((item) => !item.received).map((item) => item.slot);
}
