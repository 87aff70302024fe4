/**
 * The reply to a released decision (issue 29 item 1), under the letter on /home and the decision page:
 * admitted applicants accept, decline (a reason from the office's list, where they will attend instead) or
 * ask to start in a later semester; waitlisted ones stay on the waitlist or withdraw. Shows the deadline in
 * the applicant's zone as the server writes it, the answer recorded so far (which may be changed until the
 * deadline), the office's answer to a deferral request with its note (issue 29 item 3), and after the
 * deadline only what was answered. Once the offer is accepted, the enrollment deposit follows ({@link DepositSection},
 * issue 29 item 2); a paid deposit holds the answer, and a lapsed offer takes none. Radio buttons in a fieldset, the extra fields
 * under the choice that asks for them, errors linked to their fields, the outcome announced (role=status).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getDropdowns, optionsFor, type DropdownOption } from '../../shared/api/dropdowns-api';
import { SelectField, TextAreaField, TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { applyFieldErrors, formFailure } from '../auth/form-errors';
import { fetchReply, sendReply, type DecisionReply, type ReplyBody, type ReplyChoice } from './reply-api';
import { ATTENDING_INSTEAD_MAX, DEFERRAL_NOTE_MAX, replySchema, type ReplyValues } from './reply.schema';
import { DepositSection } from './DepositSection';

/** The choice that recorded each reply (to start the form from the answer given); a lapse was no choice. */
const CHOICE_OF_REPLY: Record<NonNullable<DecisionReply['reply']>, ReplyChoice | ''> = {
  accepted: 'accept',
  declined: 'decline',
  deferral_requested: 'defer',
  staying_on_waitlist: 'stay',
  withdrawn_from_waitlist: 'withdraw',
  lapsed: '',
};

/** The option list of reasons for declining (managed by the office). */
const DECLINE_REASONS = 'declineReasons';

/** The form's values for a reply state. */
function valuesOf(reply: DecisionReply): ReplyValues {
  return {
    choice: (reply.reply ? CHOICE_OF_REPLY[reply.reply] : '') as ReplyChoice,
    reason: reply.reason ?? '',
    attendingInstead: reply.attendingInstead ?? '',
    deferTo: reply.deferTo ?? '',
    deferralNote: reply.deferralNote ?? '',
  };
}

/** The request body: only the fields the choice asks for. */
function bodyOf(values: ReplyValues): ReplyBody {
  if (values.choice === 'decline')
    return { choice: 'decline', reason: values.reason, attendingInstead: values.attendingInstead.trim() || undefined };
  if (values.choice === 'defer') return { choice: 'defer', deferTo: values.deferTo, deferralNote: values.deferralNote.trim() };
  return { choice: values.choice };
}

/** The reply section of application `id`; renders nothing before a decision is released. */
export function DecisionReplyForm({ id, token, fullName }: { id: string; token?: string | null; fullName?: string }) {
  const { t, i18n } = useTranslation();
  const [reply, setReply] = useState<DecisionReply | null>(null);
  const [reasons, setReasons] = useState<DropdownOption[]>([]);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReplyValues>({
    resolver: zodResolver(replySchema),
    defaultValues: { choice: '' as ReplyChoice, reason: '', attendingInstead: '', deferTo: '', deferralNote: '' },
  });

  // the reply and the reasons in the page's language (semester names, deadline), again when the language
  // changes; the form is filled once both are here, so a select shows the recorded value among its options
  useEffect(() => {
    let alive = true;
    Promise.all([fetchReply(id, token), getDropdowns().catch(() => [])])
      .then(([r, lists]) => {
        if (!alive) return;
        setReasons(optionsFor(lists, DECLINE_REASONS));
        setReply(r);
        reset(valuesOf(r));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [id, token, reset, i18n.language]);

  const choice = watch('choice');
  if (!reply) return null;
  // the deposit was paid: the answer now stands (the reply is read again to show it)
  const reload = () => void fetchReply(id, token).then(setReply, () => undefined);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    try {
      const next = await sendReply(id, token, bodyOf(values));
      setReply(next);
      reset(valuesOf(next));
      setSaved(true);
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (error) {
      const result = formFailure(error, t, 'reply.failed');
      if (applyFieldErrors(setError, result.fieldErrors, ['reason', 'attendingInstead', 'deferTo', 'deferralNote']).length === 0)
        setFailure(result.message);
      // a deadline that passed meanwhile: show the closed state
      void fetchReply(id, token).then(setReply, () => undefined);
    }
  });

  const headingId = `reply-${id}`;
  const answered = reply.reply ? t(`reply.replies.${reply.reply}`) : null;
  return (
    <section className="decision-reply" aria-labelledby={headingId} data-testid="decision-reply">
      <h3 id={headingId}>{t('reply.title')}</h3>
      {reply.deadlineText && reply.choices.length > 0 && <p>{t('reply.deadline', { deadline: reply.deadlineText })}</p>}
      {answered && (
        <p ref={statusRef} tabIndex={-1} role="status" className={saved ? 'notice notice--success' : 'notice'} data-testid="reply-current">
          {saved
            ? t('reply.saved', { answer: answered })
            : reply.closedCode === 'RPL-409-deposit' || reply.closedCode === 'RPL-409-lapsed'
              ? t('reply.current_final', { answer: answered })
              : t('reply.current', { answer: answered })}
        </p>
      )}
      {reply.closedCode === 'RPL-409-deposit' && (
        <p className="notice" data-testid="reply-closed">
          {t('reply.closed_deposit')}
        </p>
      )}
      {reply.deferralDecision && reply.deferToLabel && (
        <div className="notice" data-testid="reply-deferral-decision">
          <p>{t(`reply.deferral_${reply.deferralDecision}`, { semester: reply.deferToLabel })}</p>
          {reply.deferralDecisionNote && <p>{t('reply.deferral_decision_note', { note: reply.deferralDecisionNote })}</p>}
        </div>
      )}
      {reply.closedCode === 'RPL-422-late' && (
        <p className="notice" data-testid="reply-closed">
          {t('reply.closed_late', { deadline: reply.deadlineText })}
        </p>
      )}
      {reply.choices.length > 0 && (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="form">
          {failure && (
            <p className="form__alert" role="alert">
              {failure}
            </p>
          )}
          <fieldset
            className={`fieldset${errors.choice ? ' field--invalid' : ''}`}
            aria-describedby={errors.choice ? `${headingId}-choice-error` : undefined}
          >
            <legend>{t(reply.decision === 'waitlisted' ? 'reply.question_waitlist' : 'reply.question_admit')}</legend>
            {reply.choices.map((c) => (
              <div className="field field--checkbox" key={c}>
                <input id={`${headingId}-${c}`} type="radio" value={c} {...register('choice')} />
                <label htmlFor={`${headingId}-${c}`}>{t(`reply.choices.${c}`)}</label>
              </div>
            ))}
            {errors.choice && (
              <p id={`${headingId}-choice-error`} className="field__error">
                {fieldErrorText(t, errors.choice)}
              </p>
            )}
          </fieldset>
          {choice === 'decline' && (
            <>
              <SelectField
                label={t('reply.reason')}
                placeholder={t('common.select_placeholder')}
                options={reasons}
                required
                error={fieldErrorText(t, errors.reason)}
                {...register('reason')}
              />
              <TextField
                label={t('reply.attending_instead')}
                hint={t('reply.optional')}
                maxLength={ATTENDING_INSTEAD_MAX}
                autoComplete="off"
                error={fieldErrorText(t, errors.attendingInstead)}
                {...register('attendingInstead')}
              />
            </>
          )}
          {choice === 'defer' &&
            (reply.deferralSemesters.length === 0 ? (
              <p className="notice">{t('reply.no_deferral_semesters')}</p>
            ) : (
              <>
                <SelectField
                  label={t('reply.defer_to')}
                  placeholder={t('common.select_placeholder')}
                  options={reply.deferralSemesters.map((s) => ({ value: s.key, label: s.label }))}
                  required
                  error={fieldErrorText(t, errors.deferTo)}
                  {...register('deferTo')}
                />
                <TextAreaField
                  label={t('reply.deferral_note')}
                  maxLength={DEFERRAL_NOTE_MAX}
                  required
                  error={fieldErrorText(t, errors.deferralNote)}
                  {...register('deferralNote')}
                />
              </>
            ))}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={isSubmitting || (choice === 'defer' && reply.deferralSemesters.length === 0)}
          >
            {isSubmitting ? t('reply.sending') : t(reply.reply ? 'reply.change' : 'reply.submit')}
          </button>
        </form>
      )}
      {reply.decision === 'admitted' && (reply.reply === 'accepted' || reply.reply === 'lapsed') && (
        <DepositSection id={id} token={token} fullName={fullName} replyKey={`${reply.reply}:${reply.repliedAt ?? ''}`} onPaid={reload} />
      )}
    </section>
  );
}
