/**
 * The applicant app's wire types are the contract's (issue 14: "neither front end has a hand-written wire
 * type that the generated client provides"):
 * - type level (checked by `npx tsc -p applicant-ui`, which compiles the spec files; jest only transpiles):
 *   each API module's exported wire type is exactly the contract's schema, operation body or answer; a
 *   hand-written copy that drifts from `contract/openapi.d.ts` no longer compiles here;
 * - source level: the API modules declare no interface or object type of their own beyond the few
 *   listed below, which the contract does not provide (each with its reason).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestBody, ResponseData, Schema } from '../../../../contract/client/create-client';
import type { User } from './auth-store';
import type { RegisterBody, ResetPasswordBody } from './auth-api';
import type { PublicConfig } from './config-api';
import type { Dropdown, DropdownOption } from './dropdowns-api';
import type { ApiErrorBody } from './errors';
import type { ContactInfo } from '../../features/application/api/application-types';
import type {
  MyApplication,
  Requirements,
  StartApplicationBody,
  SubmitBody,
  TimeLogStep,
} from '../../features/application/api/application-api';
import type { SessionBody } from '../../features/session/session-api';
import type { EmailVerificationAnswer } from '../../features/email-verify/email-verify-api';
import type { AdvisoryLine } from '../../features/advisory/advisory-api';
import type { Checklist, ChecklistItem, DecisionLetter } from '../../features/home/checklist-api';
import type { Program, ProgramCourse, Semester } from '../../features/welcome/programs-api';
import type { OpaqueData, PaymentBody, PaymentView, Quote } from '../../features/payment/payment-api';
import type { AttachmentView } from '../../features/details/details-api';
import type {
  Recommendation,
  RecommendationAnswers,
  RecommendationRequestBody,
  RecommenderRequest,
} from '../../features/recommendations/recommendations-api';
import type { MaintenanceSchedule } from '../../features/maintenance/maintenance-time';

/** True only when A and B are the same type (mutually assignable, optionality and readonly included). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Assert<T extends true> = T;

/** Every pair: the app's name ↔ the contract's type. */
export type WireTypesAreTheContracts = [
  Assert<Equal<User, Schema<'UserResponse'>>>,
  Assert<Equal<RegisterBody, RequestBody<'register'>>>,
  Assert<Equal<ResetPasswordBody, RequestBody<'resetPassword'>>>,
  Assert<Equal<PublicConfig, Schema<'PublicConfigResponse'>>>,
  Assert<Equal<Dropdown, Schema<'DropdownResponse'>>>,
  Assert<Equal<DropdownOption, Schema<'ShownOptionDto'>>>,
  Assert<Equal<ApiErrorBody, Schema<'ApiErrorBody'>>>,
  Assert<Equal<ContactInfo, Schema<'ContactDto'>>>,
  Assert<Equal<StartApplicationBody, Schema<'StartApplicationDto'>>>,
  Assert<Equal<SubmitBody, Schema<'SubmitApplicationDto'>>>,
  Assert<Equal<Requirements, Schema<'RequirementsResponse'>>>,
  Assert<Equal<MyApplication, Schema<'MyApplicationDto'>>>,
  Assert<Equal<TimeLogStep, Schema<'CreateTimeLogDto'>['step']>>,
  Assert<Equal<SessionBody, Schema<'UpsertSessionDto'>>>,
  Assert<Equal<EmailVerificationAnswer, Schema<'EmailVerificationResponse'>>>,
  Assert<Equal<AdvisoryLine, Schema<'AdvisoryBannerLine'>>>,
  Assert<Equal<Checklist, ResponseData<'getApplicationChecklist'>>>,
  Assert<Equal<ChecklistItem, Schema<'ChecklistItem'>>>,
  Assert<Equal<DecisionLetter, ResponseData<'getReleasedDecisionLetter'>>>,
  Assert<Equal<Program, Schema<'ProgramResponse'>>>,
  Assert<Equal<ProgramCourse, Schema<'CourseDto'>>>,
  Assert<Equal<Semester, Schema<'SemesterResponse'>>>,
  Assert<Equal<Quote, Schema<'QuoteView'>>>,
  Assert<Equal<OpaqueData, Schema<'OpaqueDataDto'>>>,
  Assert<Equal<PaymentBody, Schema<'PayDto'>>>,
  Assert<Equal<PaymentView, Schema<'PaymentView'>>>,
  Assert<Equal<AttachmentView, Schema<'AttachmentView'>>>,
  Assert<Equal<Recommendation, Schema<'RecommendationView'>>>,
  Assert<Equal<RecommendationRequestBody, Schema<'RequestRecommendationDto'>>>,
  Assert<Equal<RecommenderRequest, Schema<'RecommenderRequestView'>>>,
  Assert<Equal<RecommendationAnswers, Schema<'RecommendationAnswersDto'>>>,
  Assert<Equal<MaintenanceSchedule, Schema<'MaintenanceScheduleDto'>>>,
];

const SRC = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Object types an API module may still declare: none is a copy of a contract type.
 * `file:name` → why it stays hand-written.
 */
const ALLOWED: Record<string, string> = {
  'features/application/api/application-api.ts:MissingField':
    'the `data.missing` rows of a refused submit; the contract leaves the error body’s `data` open',
  'features/application/api/application-types.ts:ApplicationInformation': 'router state of the welcome page, never sent',
  'features/details/details-api.ts:AttachmentInfo': 'what the upload controls show, mapped from the contract’s AttachmentView',
  'features/welcome/catalogue-api.ts:Catalogue': 'the two answers a page reads together (programs, terms), each typed by the contract',
};

/** The API modules: `*-api.ts`, `*-types.ts` and `shared/api/*`, tests and fixtures aside. */
function apiModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return apiModules(path);
    const rel = relative(SRC, path);
    const isApi = /-(api|types)\.ts$/.test(name) || rel.startsWith(join('shared', 'api'));
    return isApi && !/\.(spec|fixture)\.tsx?$/.test(name) && name.endsWith('.ts') ? [rel] : [];
  });
}

describe('wire types', () => {
  it('are declared by no API module beyond the listed UI views', () => {
    const modules = apiModules(SRC);
    expect(modules).toEqual(expect.arrayContaining(['shared/api/client.ts', 'features/application/api/application-api.ts']));
    const declared = modules.flatMap((file) =>
      [...readFileSync(join(SRC, file), 'utf8').matchAll(/^(?:export )?(?:interface (\w+)|type (\w+)(?:<[^>]*>)? = \{)/gm)].map(
        (m) => `${file}:${m[1] ?? m[2]}`,
      ),
    );
    expect(declared.filter((d) => !(d in ALLOWED))).toEqual([]);
  });
});
