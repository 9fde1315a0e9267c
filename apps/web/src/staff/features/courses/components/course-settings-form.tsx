import { useEffect, useRef, useState } from 'react';
import type { FieldNamesMarkedBoolean } from 'react-hook-form';
import { MCLE_AREAS } from '@school/shared/certificates/mcle';
import type { StaffCategory } from '@school/shared/staff/categories';
import type { Lecturer } from '@school/shared/staff/lecturers';
import { courseSettingsSchema, MODES_OF_PAYMENT, modeOfPaymentLabels, type CoursePatch, type CourseSettings, type StaffCourse } from '@school/shared/staff/courses';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { ApiError } from '@/lib/api-error';
import { useServerForm } from '@/lib/use-server-form';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useUpdateCourse } from '../api/course-calls';
import { CourseMedia } from './course-media';
import { Tabs } from '../../../components/tabs';
import { NewLecturerForm } from './new-lecturer-form';
import { NewSubcategoryForm } from './new-subcategory-form';

const orNull = (value: unknown) => (value === '' || value === null ? null : Number(value));
const orZero = (value: unknown) => (value === '' ? 0 : Number(value));
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const domains = (value: unknown) => (Array.isArray(value) ? value : String(value).split(/[\s,]+/).filter(Boolean));

/** The settings of a course as the form holds them. */
const settingsOf = (course: StaffCourse): CourseSettings => Object.fromEntries(Object.keys(courseSettingsSchema.shape).map((key) => [key, course[key as keyof CourseSettings]])) as CourseSettings;

/** Only what the editor changed is sent: another editor's change to another field is not written back. */
function patchOf(values: CourseSettings, dirty: Partial<FieldNamesMarkedBoolean<CourseSettings>>): CoursePatch {
  return Object.fromEntries(Object.keys(dirty).map((key) => [key, values[key as keyof CourseSettings]])) as CoursePatch;
}

/** Which tab holds a field: a refused save opens the tab of its first error. */
const tabOfField: Record<string, string> = {
  fee: 'price', show_fee: 'price', allow_pay_later: 'price', mode_of_payment: 'price',
  direct_enrollment: 'enrolment', class_enrollment_only: 'enrolment', require_kyc: 'enrolment', allowed_domains: 'enrolment', date_start: 'enrolment', date_end: 'enrolment', duration_minutes: 'enrolment',
  mcle_units: 'mcle', approval_number: 'mcle',
  forward_streaming: 'player', video_download: 'player', pdf_download: 'player', enable_kyl: 'player',
  reward_coins: 'rewards', is_featured: 'rewards',
};

/**
 * Every setting of a course in tabs, saved to the version it was loaded at. When somebody saved in between, the
 * server refuses (412): the form says who and when, keeps what this editor typed, and offers to reload theirs.
 */
interface FormProps {
  course: StaffCourse;
  categories: StaffCategory[];
  lecturers: Lecturer[];
  onReload: (current: StaffCourse) => void;
}

export function CourseSettingsForm({ course, categories, lecturers, onReload }: FormProps) {
  const update = useUpdateCourse();
  const [tab, setTab] = useState('basics');
  const [conflict, setConflict] = useState<Conflict<StaffCourse> | null>(null);
  const lecturerOptions = lecturers.map((l) => ({ value: String(l.id), label: l.title ? `${l.name}, ${l.title}` : l.name }));
  const { form, banner, showServerError } = useServerForm<CourseSettings>(courseSettingsSchema, settingsOf(course));
  const { register, formState } = form;
  const [addingLecturer, setAddingLecturer] = useState(false);
  // Lecturers and subcategories are the school's: its administrators add them (course.create), instructors choose among them.
  const mayAddChoices = useStaffMe().data?.permissions.includes('course.create') ?? false;
  const [addingSubcategory, setAddingSubcategory] = useState(false);
  const subcategories = categories.flatMap((c) => c.subcategories.map((s) => ({ value: String(s.id), label: `${c.name} · ${s.name}` })));
  // A lecturer or subcategory just added is chosen once its option is in the list (a select holds only a value it offers).
  const [chosen, setChosen] = useState<{ field: 'lecturer_id' | 'subcategory_id'; id: number } | null>(null);
  useEffect(() => {
    if (chosen === null) return;
    const options = chosen.field === 'lecturer_id' ? lecturers.map((l) => l.id) : categories.flatMap((c) => c.subcategories.map((s) => s.id));
    if (!options.includes(chosen.id)) return;
    form.setValue(chosen.field, chosen.id, { shouldDirty: true });
    setChosen(null);
  }, [chosen, lecturers, categories, form]);
  const error = (name: string) => (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;

  // A save of the image or preview video brings a new version: what this editor typed meanwhile stays.
  const keepEdits = useRef(false);
  useEffect(() => {
    form.reset(settingsOf(course), { keepDirtyValues: keepEdits.current });
    keepEdits.current = false;
    setConflict(null);
  }, [course, form]);

  const submit = form.handleSubmit(
    async (values) => {
      const patch = patchOf(values, formState.dirtyFields);
      if (Object.keys(patch).length === 0) return notify.info('Nothing has changed.');
      try {
        await update.mutateAsync({ course, patch });
        notify.success('The course settings are saved.');
      } catch (failure) {
        const refused = conflictOf<StaffCourse>(failure);
        if (refused) return setConflict({ ...refused, at: refused.at ?? refused.current.updated_at });
        showServerError(failure);
        const first = failure instanceof ApiError ? Object.keys(failure.body ?? {}).find((key) => key in tabOfField || key in courseSettingsSchema.shape) : undefined;
        if (first) setTab(tabOfField[first] ?? 'basics');
      }
    },
    (errors) => setTab(tabOfField[Object.keys(errors)[0] ?? ''] ?? 'basics'),
  );

  const check = (name: keyof CourseSettings, label: string) => (
    <label className="check-field">
      <input type="checkbox" {...register(name)} /> {label}
    </label>
  );

  const tabs = [
    {
      id: 'basics',
      label: 'Basics',
      panel: (
        <>
          <TextField label="Name" error={error('name')} {...register('name')} />
          <CourseMedia course={course} keepEdits={(keep) => (keepEdits.current = keep)} />
          <div className={`field ${error('description') ? 'has-error' : ''}`}>
            <label htmlFor="course-description">Description</label>
            <textarea id="course-description" rows={6} {...register('description')} />
          </div>
          <SelectField label="Subcategory" placeholder="None" options={subcategories} error={error('subcategory_id')} {...register('subcategory_id', { setValueAs: orNull })} />
          {addingSubcategory ? (
            <NewSubcategoryForm
              categories={categories}
              onAdded={(id) => {
                setAddingSubcategory(false);
                setChosen({ field: 'subcategory_id', id });
              }}
              onCancel={() => setAddingSubcategory(false)}
            />
          ) : (
            mayAddChoices && <Button variant="ghost" label="New subcategory" onClick={() => setAddingSubcategory(true)} />
          )}
          <SelectField label="Lecturer" placeholder="None" options={lecturerOptions} error={error('lecturer_id')} {...register('lecturer_id', { setValueAs: orNull })} />
          {addingLecturer ? (
            <NewLecturerForm
              onAdded={(lecturer) => {
                setAddingLecturer(false);
                setChosen({ field: 'lecturer_id', id: lecturer.id });
              }}
              onCancel={() => setAddingLecturer(false)}
            />
          ) : (
            mayAddChoices && <Button variant="ghost" label="New lecturer" onClick={() => setAddingLecturer(true)} />
          )}
        </>
      ),
    },
    {
      id: 'price',
      label: 'Price and payment',
      panel: (
        <>
          <TextField label="Fee (pesos; 0 for a free course)" inputMode="decimal" error={error('fee')} {...register('fee', { setValueAs: orZero })} />
          {check('show_fee', 'Show the fee on the course page')}
          {check('allow_pay_later', 'Allow pay later')}
          <fieldset className={`field ${error('mode_of_payment') ? 'has-error' : ''}`}>
            <legend>Ways to pay</legend>
            {MODES_OF_PAYMENT.map((mode) => (
              <label key={mode} className="check-field">
                <input type="checkbox" value={mode} {...register('mode_of_payment')} /> {modeOfPaymentLabels[mode]}
              </label>
            ))}
            {error('mode_of_payment') && <p className="field-error" role="alert">{error('mode_of_payment')}</p>}
          </fieldset>
        </>
      ),
    },
    {
      id: 'enrolment',
      label: 'Enrolment',
      panel: (
        <>
          {check('direct_enrollment', 'Students enrol themselves')}
          {check('class_enrollment_only', 'Enrolment through a class only')}
          {check('require_kyc', 'Require a verified ID')}
          <TextField label="Allowed e-mail domains (comma separated; empty for anyone)" error={error('allowed_domains')} {...register('allowed_domains', { setValueAs: domains })} />
          <TextField label="Opens on" type="date" error={error('date_start')} {...register('date_start', { setValueAs: textOrNull })} />
          <TextField label="Ends on" type="date" error={error('date_end')} {...register('date_end', { setValueAs: textOrNull })} />
          <TextField label="Time to finish after enrolling (minutes; empty for no limit)" inputMode="numeric" error={error('duration_minutes')} {...register('duration_minutes', { setValueAs: orNull })} />
        </>
      ),
    },
    {
      id: 'mcle',
      label: 'MCLE',
      panel: (
        <>
          <fieldset className={`field ${error('mcle_units') ? 'has-error' : ''}`}>
            <legend>Units by subject area (B.M. No. 850)</legend>
            {MCLE_AREAS.map((area) => (
              <TextField key={area.key} label={area.label} inputMode="decimal" {...register(`mcle_units.${area.key}`, { setValueAs: orZero })} />
            ))}
            {error('mcle_units') && <p className="field-error" role="alert">{error('mcle_units')}</p>}
          </fieldset>
          <TextField label="MCLE approval number" error={error('approval_number')} {...register('approval_number', { setValueAs: textOrNull })} />
        </>
      ),
    },
    {
      id: 'player',
      label: 'Player',
      panel: (
        <>
          {check('forward_streaming', 'Let students skip ahead in videos')}
          {check('video_download', 'Allow video downloads')}
          {check('pdf_download', 'Allow PDF downloads')}
          {check('enable_kyl', 'Take identity snapshots while studying')}
        </>
      ),
    },
    {
      id: 'rewards',
      label: 'Rewards',
      panel: (
        <>
          <TextField label="L2E coins on completion" inputMode="numeric" error={error('reward_coins')} {...register('reward_coins', { setValueAs: orZero })} />
          {check('is_featured', 'Feature on the landing page')}
        </>
      ),
    },
  ];

  return (
    <form onSubmit={submit} noValidate className="console-form">
      {conflict && <ConflictBanner what="this course" conflict={conflict} onReload={() => onReload(conflict.current)} />}
      <FormBanner message={banner} />
      <fieldset disabled={!course.abilities.update} className="plain-fieldset">
        <Tabs label="Course settings" tabs={tabs} active={tab} onChange={setTab} />
      </fieldset>
      {course.abilities.update && (
        <div className="form-actions">
          <Button label="Save" type="submit" busy={update.isPending} />
        </div>
      )}
    </form>
  );
}
