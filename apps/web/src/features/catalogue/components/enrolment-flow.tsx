import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { readEnrolmentError, type EnrolmentErrorCode } from '@school/shared/catalogue/enrolment-errors';
import { closedCourseMessages, enrolmentMessages, firstGate, formatFee, gateCodes, gateRefusals, type GateStep } from '@school/shared/catalogue/rules';
import type { CourseDetail, CourseEnrollmentBody } from '@school/shared/catalogue/schemas';
import { periodChoices } from '@school/shared/lookups/compliance-periods';
import type { School } from '@school/shared/school/schemas';
import { clockTime, longDate, monthDay, todayIn } from '@school/shared/school/dates';
import { Button } from '@/components/button';
import { LoadError } from '@/components/load-error';
import { Modal } from '@/components/modal';
import { ResponseModal, type ResponseAction, type ResponseType } from '@/components/response-modal';
import { SelectField } from '@/components/select-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { authModal } from '@/lib/auth-modal';
import { kycStatusQueryOptions, useKycStatus } from '@/lib/kyc-status';
import { profileQueryOptions, useProfile } from '@/lib/profile';
import { useResendEmail } from '@/lib/resend-email';
import { useSession } from '@/lib/session';
import { useCompliancePeriods } from '@/lib/lookups';
import { useEnrolBundle, useEnrolCourse, useSchedule } from '../api/catalogue-calls';
import { ResultLine } from '@/components/result-line';

const AFFIRMATION_CLOSE_MS = 1000;

/** What is being enrolled in: a course (with its classes) or a bundle. */
export type EnrolTarget =
  | { kind: 'course'; course: CourseDetail }
  | { kind: 'bundle'; id: number; slug: string; price: number; requireKyc: boolean; mayEnrol: boolean };

type Step =
  | { modal: 'none' }
  | { modal: 'gate'; type: ResponseType; title: string; message: string; actions: ResponseAction[] }
  | { modal: 'email' }
  | { modal: 'affirmation' }
  | { modal: 'select_class' }
  | { modal: 'schedule'; classId: number }
  | { modal: 'confirm'; action: CourseEnrollmentBody['action']; classId?: number }
  | { modal: 'result'; type: ResponseType; title: string; message: string; actions: ResponseAction[] };

type Gate = Exclude<GateStep, 'login'>;

/** The gate a server refusal code stands for, when the page has that gate's screen. */
const gateOfCode = (code: EnrolmentErrorCode | null) => (Object.entries(gateCodes) as [Gate, EnrolmentErrorCode][]).find(([, c]) => c === code)?.[0];

/**
 * The enrolment gating chain of spec 2 §4, in order: login, student, verified e-mail, profile,
 * MCLE profile, KYC, Statement of Affirmation, class, then free / pay later / payment.
 */
export function useEnrolmentFlow(target: EnrolTarget, school: School) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ modal: 'none' });
  const [payLater, setPayLater] = useState(false);
  const [compliancePeriod, setCompliancePeriod] = useState<number | undefined>();
  const close = () => setStep({ modal: 'none' });
  const mcle = school.config.products.mcle;
  const requireKyc = target.kind === 'course' ? target.course.config.require_kyc : target.requireKyc;
  const kycNeeded = session?.role === 'ST' && school.config.products.kyc && requireKyc;
  // Read ahead, so that the gates below rarely wait for them.
  useProfile();
  useKycStatus(kycNeeded);

  /** The screen of each gate (spec 2 §4 steps 2 to 6), for the page's own checks and the server's refusals. */
  function showGate(gate: Gate) {
    const go = (to: string) => () => navigate(to);
    const screens: Record<Gate, Step> = {
      not_student: { modal: 'gate', type: 'not_student', title: 'Invalid Account', message: gateRefusals.not_student, actions: [{ label: 'Okay', onClick: close }] },
      verify_email: { modal: 'email' },
      incomplete_profile: { modal: 'gate', type: 'incomplete_profile', title: 'Incomplete Profile', message: gateRefusals.incomplete_profile, actions: [{ label: 'Complete Profile', onClick: go(paths.student('profile')) }] },
      incomplete_mcle_profile: { modal: 'gate', type: 'incomplete_mcle_profile', title: 'Incomplete MCLE Profile', message: gateRefusals.incomplete_mcle_profile, actions: [{ label: 'Complete MCLE Profile', onClick: go(paths.student('mcle-profile')) }] },
      incomplete_kyc: { modal: 'gate', type: 'incomplete_kyc', title: 'KYC Not Submitted', message: gateRefusals.incomplete_kyc, actions: [{ label: 'Proceed with KYC', onClick: go(paths.student('authenticate-id')) }] },
    };
    setStep(screens[gate]);
  }

  /**
   * The profile and identity status the gates read, loaded if a quick click came before them. A fact that cannot
   * be read is left to the server, which checks every gate again.
   */
  async function gateFacts() {
    if (!session) return { isVerified: true, step: null, infoSubmitted: true, kycVerified: true };
    const [profile, kyc] = await Promise.allSettled([
      queryClient.ensureQueryData(profileQueryOptions(session.token)),
      kycNeeded ? queryClient.ensureQueryData(kycStatusQueryOptions(session.token)) : Promise.resolve(null),
    ]);
    const p = profile.status === 'fulfilled' ? profile.value : null;
    return {
      isVerified: p?.is_verified ?? true,
      step: p?.step ?? null,
      infoSubmitted: p ? (p.info_submitted ?? false) : true,
      kycVerified: kyc.status === 'fulfilled' ? (kyc.value?.complete ?? false) : true,
    };
  }

  async function gates(): Promise<boolean> {
    const facts = await gateFacts();
    const gate = firstGate({
      loggedIn: Boolean(session),
      mayEnrol: target.kind === 'course' ? target.course.abilities.enrol : target.mayEnrol,
      ...facts,
      mcle,
      kyc: school.config.products.kyc,
      requireKyc,
    });
    if (gate === null) return true;
    if (gate === 'login') authModal.open('login');
    else showGate(gate);
    return false;
  }

  /** Steps 8 and 9, after the affirmation (or straight after the gates without MCLE). */
  function afterAffirmation(viaPayLater = payLater) {
    if (target.kind === 'bundle') {
      if (target.price > 0) navigate(paths.bundlePayment(target.slug));
      else setStep({ modal: 'confirm', action: 'free' });
      return;
    }
    const { course } = target;
    if (course.config.class_enrollment_only) {
      setStep(course.classes.length === 0 ? { modal: 'gate', type: 'no_class', title: 'Oops!', message: `There are no classes available for this course yet. Please contact the school administrator${school.email ? ` at ${school.email}` : ''}.`, actions: [{ label: 'Okay', onClick: close }] } : { modal: 'select_class' });
      return;
    }
    if (viaPayLater) setStep({ modal: 'confirm', action: 'pay_later' });
    else if (course.fee <= 0) setStep({ modal: 'confirm', action: 'free' });
    else navigate(paths.coursePayment(course.slug));
  }

  // One chain at a time, and none finishing on a page already left (the gates may wait for the network).
  const starting = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function start(viaPayLater = false) {
    if (starting.current) return;
    starting.current = true;
    setPayLater(viaPayLater);
    const passed = await gates().finally(() => {
      starting.current = false;
    });
    if (!passed || !mounted.current) return;
    if (mcle) setStep({ modal: 'affirmation' });
    else afterAffirmation(viaPayLater);
  }

  return { step, setStep, close, start, showGate, afterAffirmation, compliancePeriod, setCompliancePeriod, target, school };
}
export type EnrolmentFlow = ReturnType<typeof useEnrolmentFlow>;

/** Every modal of the chain and its outcomes (spec 2 §4, §8). */
export function EnrolmentModals({ flow }: { flow: EnrolmentFlow }) {
  const { step, setStep, close, target, school } = flow;
  const navigate = useNavigate();
  const enrolCourse = useEnrolCourse();
  const enrolBundle = useEnrolBundle();
  const busy = enrolCourse.isPending || enrolBundle.isPending;
  const listPath = target.kind === 'course' ? paths.courses : paths.bundles;

  /**
   * The screen for a refused enrolment (spec 2 §8), chosen by the server's code, never by its wording: the
   * spec's screens, the gate screens, and the server's own message for every other refusal.
   */
  function failure(error: unknown) {
    const status = error instanceof ApiError ? error.status : 500;
    const { code, message } = error instanceof ApiError && status < 500 ? readEnrolmentError(error.body) : { code: null, message: null };
    const gate = gateOfCode(code);
    const refused = (type: ResponseType, title: string, text: string, actions: ResponseAction[] = [{ label: 'Okay', onClick: close }]) =>
      setStep({ modal: 'result', type, title, message: text, actions });
    if (code === 'already_enrolled') {
      refused('error', message ?? enrolmentMessages.alreadyEnrolled, 'Unable to process enrollment. Please select a new one or refresh the page.', [{ label: 'REFRESH PAGE', onClick: () => window.location.reload() }]);
    } else if (code === 'email_not_verified') {
      refused('email', message ?? gateRefusals.verify_email, 'Please make sure your email address is verified before you enroll. Check your inbox for the verification link, or send it again.', [{ label: 'RESEND EMAIL', onClick: () => setStep({ modal: 'email' }) }]);
    } else if (gate) {
      flow.showGate(gate);
    } else if (code === 'course_ended') {
      refused('course_ended', closedCourseMessages.endedTitle, message ?? enrolmentMessages.courseEnded);
    } else if (message && (code || status === 400)) {
      refused('error', 'Unable to enroll', message);
    } else {
      refused('error', 'Internal Server Error', 'Something went wrong while processing your enrollment. Please try again later.', [{ label: target.kind === 'course' ? 'GO TO COURSES' : 'GO TO COURSE BUNDLES', onClick: () => navigate(listPath) }]);
    }
  }

  async function confirm(action: CourseEnrollmentBody['action'], classId?: number) {
    const period = school.config.products.mcle ? flow.compliancePeriod : undefined;
    try {
      if (target.kind === 'course') {
        const result = await enrolCourse.mutateAsync({ course: target.course.id, action, startDate: target.course.config.date_start, ...(classId ? { class: classId } : {}), ...(period ? { compliance_period: period } : {}) });
        // Whether the course is open yet is the server's word, in the school's time zone.
        const opensOn = target.course.config.course_open ? null : result.date_start;
        setStep({
          modal: 'result',
          type: 'success',
          title: 'Enrollment Successful',
          message: opensOn ? `You are now enrolled. The course opens on ${longDate(opensOn)}.` : 'You are now enrolled. The course is now accessible; you can start learning right away.',
          actions: [{ label: 'Okay', onClick: close }],
        });
      } else {
        await enrolBundle.mutateAsync({ bundle: target.id, action: 'free', ...(period ? { compliance_period: period } : {}) });
        setStep({ modal: 'result', type: 'success', title: 'Enrollment Successful', message: 'You are now enrolled in every course of this bundle.', actions: [{ label: 'Okay', onClick: close }] });
      }
    } catch (error) {
      failure(error);
    }
  }

  return (
    <>
      {step.modal === 'gate' && <ResponseModal open type={step.type} title={step.title} message={<p>{step.message}</p>} actions={step.actions} onClose={close} />}
      {step.modal === 'result' && <ResponseModal open type={step.type} title={step.title} message={<p>{step.message}</p>} actions={step.actions} onClose={close} />}
      {step.modal === 'email' && <VerifyEmailModal onClose={close} />}
      {step.modal === 'affirmation' && <AffirmationModal flow={flow} />}
      {step.modal === 'select_class' && target.kind === 'course' && (
        <Modal open onClose={close} title="Select Class" size="lg">
          <ul className="class-list">
            {target.course.classes.map((cls) => (
              <li key={cls.id}>
                <div>
                  <strong>{cls.name}</strong>
                  <span className="muted"> · {formatFee(cls.fee)}</span>
                </div>
                <div className="class-actions">
                  <Button label="View Class" variant="ghost" onClick={() => setStep({ modal: 'schedule', classId: cls.id })} />
                  <Button
                    label="Join this class"
                    // The class's own fee, which the list shows and the server charges (docs/decisions.md).
                    onClick={() => (cls.fee > 0 ? navigate(paths.coursePayment(target.course.slug, cls.id)) : setStep({ modal: 'confirm', action: 'free', classId: cls.id }))}
                  />
                </div>
              </li>
            ))}
          </ul>
        </Modal>
      )}
      {step.modal === 'schedule' && <ScheduleModal classId={step.classId} onClose={() => setStep({ modal: 'select_class' })} />}
      {step.modal === 'confirm' && (
        <Modal open onClose={close} title={step.action === 'free' ? 'Enrollment is free!' : 'Enroll for Free'} size="sm">
          <p className="response-message">
            {step.action === 'free'
              ? 'Enrollment is free! You can start learning as soon as the course is open. Do you want to proceed?'
              : 'You can enroll now and pay later. You will not receive a certificate until the course is paid. Do you want to proceed?'}
          </p>
          <div className="response-actions">
            <Button label="Cancel" variant="ghost" onClick={close} />
            <Button label="Proceed" busy={busy} onClick={() => confirm(step.action, step.classId)} />
          </div>
        </Modal>
      )}
    </>
  );
}

function VerifyEmailModal({ onClose }: { onClose: () => void }) {
  const resend = useResendEmail('Verification email sent.');
  return (
    <Modal open onClose={onClose} title="Oops! Your email is not yet verified." size="sm">
      <p className="response-message">Please verify your email address to enroll. Check your inbox for the verification link.</p>
      <ResultLine result={resend.result} />
      <div className="response-actions">
        {/* A mistyped address never gets the link: it is corrected where it is kept (spec 2 §2). */}
        <Link className="btn btn-ghost" to={paths.student('email')}>
          Change Email Address
        </Link>
        <Button label="Resend Email" busy={resend.pending} onClick={resend.send} />
      </div>
    </Modal>
  );
}

function AffirmationModal({ flow }: { flow: EnrolmentFlow }) {
  const periods = useCompliancePeriods();
  const [agreed, setAgreed] = useState(false);
  const [closing, setClosing] = useState(false);
  // Only periods that still earn units, the current one chosen (the server refuses the others too).
  const { options, preselected } = periodChoices(periods.data ?? [], todayIn(flow.school.time_zone));
  const chosen = options.some((p) => p.id === flow.compliancePeriod) ? flow.compliancePeriod : preselected?.id;
  function proceed() {
    flow.setCompliancePeriod(chosen);
    setClosing(true);
    // The statement closes after a short pause before the next step (spec 2 §4).
    window.setTimeout(() => {
      flow.close();
      flow.afterAffirmation();
    }, AFFIRMATION_CLOSE_MS);
  }
  return (
    <Modal open onClose={flow.close} title="Statement of Affirmation" size="lg">
      <p className="response-message">
        I affirm that I am a member of the Philippine Bar in good standing, that I will personally attend and complete this course, and that
        the units I earn will be credited to the compliance period I select below.
      </p>
      {periods.isError && !periods.data && <LoadError what="The compliance periods" retry={() => void periods.refetch()} />}
      <SelectField
        label="Compliance Period"
        value={chosen ? String(chosen) : ''}
        onChange={(event) => flow.setCompliancePeriod(event.target.value ? Number(event.target.value) : undefined)}
        options={options.map((p) => ({ value: String(p.id), label: `${p.name} (${p.date_start} to ${p.date_end})` }))}
        placeholder="Select Compliance Period"
      />
      <label className="checkbox consent-check">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        I agree to the Statement of Affirmation.
      </label>
      <div className="response-actions">
        <Button label="Proceed" disabled={!agreed || !chosen} busy={closing} onClick={proceed} />
      </div>
    </Modal>
  );
}

function ScheduleModal({ classId, onClose }: { classId: number; onClose: () => void }) {
  const schedule = useSchedule(classId);
  const years = new Map<string, NonNullable<typeof schedule.data>['schedules']>();
  for (const entry of schedule.data?.schedules ?? []) years.set(entry.date.slice(0, 4), [...(years.get(entry.date.slice(0, 4)) ?? []), entry]);
  return (
    <Modal open onClose={onClose} title={schedule.data ? `${schedule.data.name} Schedule` : 'Class Schedule'} size="lg">
      {[...years.entries()].map(([year, entries]) => (
        <section key={year} className="schedule-year">
          <h3>{year}</h3>
          <ul>
            {entries.map((e) => (
              <li key={`${e.date}${e.start_time}`}>
                <strong>{monthDay(e.date)}</strong> · {clockTime(e.start_time)} – {clockTime(e.end_time)} · {e.instructor} · {e.type}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Modal>
  );
}

