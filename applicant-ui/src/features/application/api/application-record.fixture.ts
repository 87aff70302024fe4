/** Test fixture (unit tests only, never bundled): an application record as the API answers a new draft. */
import type { ApplicationRecord } from './application-types';

/**
 * A new draft's record (contract `ApplicationRecord`, its defaults included) with `fields` over it. Its
 * program and `semesterApplied` are example keys only: the catalogue's programs and terms are data (issue
 * 25), so a test that needs one open or closed says so through the catalogue answer it mocks.
 */
export function recordOf(fields: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    Id: 'app-1',
    id: 'app-1',
    referenceNumber: '100001',
    version: 1,
    status: 'draft',
    stepReached: '1',
    Payment_Status: 'Unpaid',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Diaz',
    gender: 'Female',
    program: 'graduate',
    fieldOfInterest: 'Occupational Therapy',
    semesterApplied: 'Fall 2026',
    location: null,
    locale: 'en',
    timeZone: null,
    passedCollegeLevelOrAPCourses: [{ college: '', name: '' }],
    addressCountry: 'United States',
    certifiedAt: null,
    submittedAt: null,
    completedAt: null,
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...fields,
  } as ApplicationRecord;
}
