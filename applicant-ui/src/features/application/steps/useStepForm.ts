/**
 * Form set-up shared by the form steps: react-hook-form validated by the step's complete zod schema
 * (mode `onTouched`, defaults = the application's autosave values: the record plus unsaved answers),
 * autosave (see {@link useStepAutosave}) and `fieldError(name)` giving the translated error text of a
 * field (dotted paths for sub-objects); an answer the autosave holds back reads "Not saved: <reason>".
 */
import { get, useForm, type FieldError, type FieldValues, type Path, type UseFormRegister, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorText } from '../../../shared/ui/form-fields';
import type { ApplicationRecord } from '../api/application-types';
import { useStepAutosave, useStepDefaults, type StepAutosave, type StepAutosaveOptions } from '../autosave/useStepAutosave';

/** Options of {@link useStepForm}. */
export interface StepFormOptions<T extends FieldValues> extends Omit<StepAutosaveOptions<T>, 'form'> {
  /** The record the step starts from (the autosave holds its values and any unsaved answers). */
  record: ApplicationRecord;
  /** Complete schema of the step (validated on touch and on Next). */
  schema: z.ZodType<T, T>;
}

/** What {@link useStepForm} gives a step. */
export interface StepForm<T extends FieldValues> {
  form: UseFormReturn<T>;
  register: UseFormRegister<T>;
  handleSubmit: UseFormReturn<T>['handleSubmit'];
  errors: UseFormReturn<T>['formState']['errors'];
  isSubmitting: boolean;
  autosave: StepAutosave;
  /** Translated error text of a field (`'emergencyContact.name'` for sub-object fields), if any. */
  fieldError: (name: Path<T>) => string | undefined;
}

/** Form, autosave and error text for one step; see module doc. */
export function useStepForm<T extends FieldValues>({ schema, ...autosaveOptions }: StepFormOptions<T>): StepForm<T> {
  const { t } = useTranslation();
  const { controller, defaults } = useStepDefaults<T>(autosaveOptions.fields);
  const form = useForm<T, unknown, T>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const autosave = useStepAutosave(controller, { form, ...autosaveOptions });
  const fieldError = (name: Path<T>) => {
    const own = fieldErrorText(t, get<typeof errors, FieldError | undefined>(errors, name));
    const held = autosave.heldReason(name);
    const settled = autosave.snapshot.state !== 'pending' && autosave.snapshot.state !== 'saving';
    if (!held || !(settled || form.getFieldState(name).isTouched)) return own;
    const reason = own ?? held.text ?? (held.key ? t(held.key) : '');
    return t('autosave.not_saved', { reason });
  };
  return { form, register, handleSubmit, errors, isSubmitting, autosave, fieldError };
}
