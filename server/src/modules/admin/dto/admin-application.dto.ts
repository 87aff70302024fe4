import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { countryOf } from '../../applications/address-rules.js';
import { REFERENCE_STATUSES, type Application, type ReferenceStatus } from '../../applications/application.entity.js';
import { APPLICATION_ANSWERS_REF } from '../../applications/dto/application-answers.schema.js';
import { formatMailingAddress } from '../../applications/mailing-address.js';

/** An application in the admin console's list (`/api/admin/applications`); spec §3 wire names. */
export class AdminApplicationResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: '100001', description: 'human reference number (string)' }) referenceNumber: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ['Female', 'Male'] }) gender: string;
  @ApiProperty({ enum: ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] }) program: string;
  @ApiProperty() fieldOfInterest: string;
  @ApiProperty() semesterApplied: string;
  @ApiProperty({ type: String, nullable: true }) location: string | null;
  @ApiProperty({ example: 'United States', description: "the applicant's country (answers.addressCountry; United States when none)" })
  addressCountry: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '1234 Ocean Pkwy Apt 5\nBrooklyn, NY 11219\nUnited States of America',
    description:
      "the applicant's mailing address laid out for the post of its country, lines joined by \\n (issue 27); null: no street nor city given",
  })
  mailingAddress: string | null;
  @ApiProperty() locale: string;
  @ApiProperty({ enum: ['draft', 'submitted', 'complete', 'withdrawn', 'under_review', 'decided'] }) status: string;
  @ApiProperty({ example: '3' }) stepReached: string;
  @ApiProperty({ enum: ['Unpaid', 'Pending', 'Paid', 'Declined', 'Waived', 'Refunded'] }) Payment_Status: string;
  @ApiProperty() version: number;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'owner account' }) userId: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) certifiedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) withdrawnAt: string | null;
  @ApiProperty({ enum: REFERENCE_STATUSES }) firstReferenceStatus: ReferenceStatus;
  @ApiProperty({ enum: REFERENCE_STATUSES }) secondReferenceStatus: ReferenceStatus;

  /** Maps a row to the list shape. */
  static from(app: Application): AdminApplicationResponse {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return Object.assign(new AdminApplicationResponse(), {
      id: app.id,
      referenceNumber: String(app.referenceNumber),
      firstName: app.firstName,
      lastName: app.lastName,
      email: app.email,
      gender: app.gender,
      program: app.program,
      fieldOfInterest: app.fieldOfInterest,
      semesterApplied: app.semester,
      location: app.location,
      addressCountry: countryOf(app.answers),
      mailingAddress: formatMailingAddress(app.answers),
      locale: app.locale,
      status: app.status,
      stepReached: String(app.stepReached),
      Payment_Status: app.paymentStatus,
      version: app.version,
      userId: app.userId,
      createdAt: app.createdAt.toISOString(),
      updatedAt: app.updatedAt.toISOString(),
      submittedAt: iso(app.submittedAt),
      certifiedAt: iso(app.certifiedAt),
      completedAt: iso(app.completedAt),
      withdrawnAt: iso(app.withdrawnAt),
      firstReferenceStatus: app.firstReferenceStatus,
      secondReferenceStatus: app.secondReferenceStatus,
    });
  }
}

/** A stored document's metadata; the file itself comes from `downloadUrl` (admin bearer token). */
export class AdminAttachment {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'resume' }) slot: string;
  @ApiProperty() originalName: string;
  @ApiProperty({ example: 'application/pdf' }) detectedType: string;
  @ApiProperty() sizeBytes: number;
  @ApiProperty() sha256: string;
  @ApiProperty({ format: 'date-time' }) uploadedAt: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'set when a newer upload replaced this one',
  })
  replacedAt: string | null;
  @ApiProperty({ example: '/api/details/attachments/<id>/download' }) downloadUrl: string;
}

/** One payment attempt. Amounts in the major unit of `currency` (stored as integer cents). */
export class AdminPayment {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() requestId: string;
  @ApiProperty({ enum: ['application_fee', 'enrollment_deposit'], description: 'what it pays for (issue 29 item 2)' })
  purpose: 'application_fee' | 'enrollment_deposit';
  @ApiProperty() amount: number;
  @ApiProperty() lateFee: number;
  @ApiProperty() discount: number;
  @ApiProperty() total: number;
  @ApiProperty() currency: string;
  @ApiProperty({ enum: ['pending', 'approved', 'declined', 'held', 'rejected', 'unknown', 'waived', 'refunded', 'voided'] }) status: string;
  @ApiProperty() gateway: string;
  @ApiProperty() invoiceNumber: string;
  @ApiProperty({ type: String, nullable: true }) transactionId: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'XXXX1111' }) accountNumber: string | null;
  @ApiProperty({ type: String, nullable: true }) errorCode: string | null;
  @ApiProperty({ type: String, nullable: true }) errorText: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'refund',
    description: 'how an admin reversed it: refund or void (null: not reversed)',
  })
  reversalKind: 'refund' | 'void' | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reversedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) reversalNote: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the gateway's answer to the last refused or unanswered reversal" })
  reversalError: string | null;
  @ApiProperty({ description: 'an approved charge not reversed yet: the console offers refund and void' }) reversible: boolean;
  @ApiProperty({ description: 'a fee, or a deposit whose offering is refundable (else reversing needs an override and a note)' })
  refundable: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** One time-log record (seconds, 4 decimals). */
export class AdminTimeLogEntry {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) applicationId: string | null;
  @ApiProperty() step: string;
  @ApiProperty({ example: 12.3456 }) duration: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** `GET /api/admin/applications/:id`: the list fields plus every answer, documents, payments and time log. */
export class AdminApplicationDetail extends AdminApplicationResponse {
  @ApiProperty({ allOf: [{ $ref: APPLICATION_ANSWERS_REF }], description: 'every saved answer, spec §3 field names (the field registry)' })
  answers: Record<string, unknown>;
  @ApiProperty({ type: [AdminAttachment] }) attachments: AdminAttachment[];
  /** null when an API key without `payments:read` asks (issue 14 item 5). */
  @ApiProperty({ type: [AdminPayment], nullable: true, description: 'null for an API key without the payments:read scope' })
  payments: AdminPayment[] | null;
  @ApiProperty({ type: [AdminTimeLogEntry] }) timeLog: AdminTimeLogEntry[];
}

/** `PUT /api/admin/applications/{id}/reference-statuses` body: either or both statuses (issue 11 item 8). */
export class ReferenceStatusesDto {
  @ApiProperty({ enum: REFERENCE_STATUSES, required: false })
  @IsOptional()
  @IsIn(REFERENCE_STATUSES)
  firstReferenceStatus?: ReferenceStatus;
  @ApiProperty({ enum: REFERENCE_STATUSES, required: false })
  @IsOptional()
  @IsIn(REFERENCE_STATUSES)
  secondReferenceStatus?: ReferenceStatus;
}
