import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';

/** What the applicant can do next with an application (the /home list's button). */
export type NextAction = 'continue' | 'pay' | 'details' | 'receipt' | 'none';

/** One of a logged-in applicant's applications (`GET /api/applications`). */
export class MyApplicationDto {
  @ApiProperty({ format: 'uuid' }) Id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: '100001' }) referenceNumber: string;
  @ApiProperty() fieldOfInterest: string;
  @ApiProperty({ enum: ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] }) program: string;
  @ApiProperty() semesterApplied: string;
  @ApiProperty({ type: String, nullable: true }) location: string | null;
  @ApiProperty({ enum: ['draft', 'submitted', 'complete', 'withdrawn'] }) status: string;
  @ApiProperty({ example: '3' }) stepReached: string;
  @ApiProperty({ enum: ['Unpaid', 'Pending', 'Paid', 'Declined', 'Waived', 'Refunded'] }) Payment_Status: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) certifiedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({
    enum: ['continue', 'pay', 'details', 'receipt', 'none'],
    description:
      'continue: draft not yet certified; pay: certified, not paid; details: submitted, documents to finish; receipt: complete; none: withdrawn',
  })
  nextAction: NextAction;
}

/** Answer of `GET /api/applications`. */
export class MyApplicationsResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: [MyApplicationDto] }) data: MyApplicationDto[];
}

/** Answer of `POST /api/applications/{id}/link`: a fresh tokenised link for the owner. */
export class ApplicationLinkResponse {
  @ApiProperty() success: true;
  @ApiProperty({ description: 'a new application token' }) token: string;
  @ApiProperty({ enum: ['application', 'details'] }) purpose: string;
  @ApiProperty({ example: 'http://localhost:3000/validation?token=…' }) url: string;
}

/** Body of `POST /api/continue`. */
export class ContinueDto {
  @ApiProperty({ example: 'sarah@example.com' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail()
  @MaxLength(254)
  email: string;
}

/** Answer of `POST /api/continue`: the same whether or not the address is known. */
export class ContinueResponse {
  @ApiProperty() success: true;
  @ApiProperty({ description: 'localized: if the address has an open application, a link was sent' }) message: string;
}
