import type { Requirements } from '../applications/requirements/requirements.js';
import { isAttachmentSlot, type AttachmentSlot } from './attachment-slots.js';

/**
 * The attachment slots an application must fill before it can be completed (BRIEF contract 5), taken
 * from the one rule set of the portal (contract 2, `applications/requirements/requirements.ts`, the same
 * `attachmentSlots` that `GET /api/applications/:id/requirements` answers): `picture` always, the
 * transcripts, GRE, essays, résumé and letters the program's flags call for, and the course documents
 * the answers call for (e.g. `statistics` once OTD course 4 is completed, one AP/college file per listed
 * course). Names that are not slots of `attachment-slots.ts` are ignored.
 * @param requirements the application's requirements (`ApplicationsService.requirements`)
 */
export function requiredSlotsFor(requirements: Pick<Requirements, 'attachmentSlots'>): AttachmentSlot[] {
  return requirements.attachmentSlots.filter(isAttachmentSlot);
}
