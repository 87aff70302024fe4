/**
 * Record shape of `/api/admin/deadlines` (docs/api.md "Admin console"), from the contract.
 */
import type { Schema } from '../api/contract-types';

/** An application deadline: `fieldOfInterest` null = the whole semester; `deadlineAt` a UTC ISO instant. */
export type DeadlineRecord = Schema<'DeadlineResponse'>;

/** Body of `POST` and `PUT /api/admin/deadlines(/:id)`. */
export type DeadlinePayload = Schema<'DeadlineDto'>;
