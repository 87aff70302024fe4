/**
 * The form pages' code, split so a page downloads and runs only what it shows (issue 28): each step of
 * the application form (1–7), the payment step (8) and the details form are chunks of their own, loaded
 * when the step opens — or earlier, by {@link preloadFormModule}, while the page's data is on its way.
 * The step components, their schemas and option lists are built only then.
 */
import type { ComponentType } from 'react';
import type { DetailsFormProps } from '../details/DetailsForm';
import type { PaymentStepProps } from '../payment/PaymentStep';
import { PAYMENT_STEP } from './steps/step-config';
import type { StepProps } from './steps/step-props';

/** Loads one chunk and names its component as `default` (for `React.lazy`). */
type ModuleLoader<P> = () => Promise<{ default: ComponentType<P> }>;

/** The application form's steps 1–7 by number. */
export const STEP_MODULES: Readonly<Record<number, ModuleLoader<StepProps>>> = {
  1: () => import('./steps/personal/PersonalStep').then((m) => ({ default: m.PersonalStep })),
  2: () => import('./steps/family/FamilyStep').then((m) => ({ default: m.FamilyStep })),
  3: () => import('./steps/education/EducationStep').then((m) => ({ default: m.EducationStep })),
  4: () => import('./steps/employment/EmploymentStep').then((m) => ({ default: m.EmploymentStep })),
  5: () => import('./steps/prerequisites/PrerequisitesStep').then((m) => ({ default: m.PrerequisitesStep })),
  6: () => import('./steps/references/ReferencesStep').then((m) => ({ default: m.ReferencesStep })),
  7: () => import('./steps/review/ReviewStep').then((m) => ({ default: m.ReviewStep })),
};

/** The payment step (8). */
export const loadPaymentStep: ModuleLoader<PaymentStepProps> = () =>
  import('../payment/PaymentStep').then((m) => ({ default: m.PaymentStep }));

/** The details form (`/details/…`: documents, finish). */
export const loadDetailsForm: ModuleLoader<DetailsFormProps> = () =>
  import('../details/DetailsForm').then((m) => ({ default: m.DetailsForm }));

/**
 * Starts downloading (and running) the chunk of application step `step` (8: payment), or of the details
 * form when `details`; nothing for a step number without one. A failure is left to the step's own load.
 */
export function preloadFormModule(step: number | null, details = false): void {
  const load = details ? loadDetailsForm : step === PAYMENT_STEP ? loadPaymentStep : step === null ? undefined : STEP_MODULES[step];
  load?.().catch(() => undefined);
}
