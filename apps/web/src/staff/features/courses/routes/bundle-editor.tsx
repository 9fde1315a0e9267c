import { useEffect, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { StaffCategory } from '@school/shared/staff/categories';
import type { BundleCourse, StaffBundle } from '@school/shared/staff/bundles';
import { MODES_OF_PAYMENT, modeOfPaymentLabels } from '@school/shared/staff/courses';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { readServerError } from '@/lib/server-errors';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useBundleCourseChoices, useSaveBundle, useStaffBundle } from '../api/bundle-calls';
import { useCategories } from '../api/category-calls';
import { BundleCoursePicker } from '../components/bundle-course-picker';
import { BundleImage } from '../components/bundle-image';
import { bodyOf, formOf, type BundleForm } from '../components/bundle-form-model';

/** /staff/bundles/{id}: a bundle's courses in order, its price and ways to pay, and whether it is on sale. */
export function BundleEditor() {
  const id = Number(useParams().id);
  const bundle = useStaffBundle(Number.isInteger(id) ? id : 0);
  const choices = useBundleCourseChoices();
  const categories = useCategories();
  return (
    <div className="console-page">
      <p>
        <Link to={staffPaths.bundles}>All bundles</Link>
      </p>
      <QueryState query={bundle} what="The bundle">
        {(data) => (
          <QueryState query={choices} what="The school’s courses">
            {(courses) => (
              <QueryState query={categories} what="The categories">
                {(cats) => <BundleEditorForm bundle={data} choices={courses} categories={cats} />}
              </QueryState>
            )}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}

const fields = ['name', 'description', 'subcategory_id', 'price', 'mode_of_payment', 'require_kyc', 'is_featured', 'is_published', 'course_ids', 'image_upload'];
/** The server names the courses `course_ids`; the editor holds them as `courses`. */
const inputOf = (field: string) => (field === 'course_ids' ? 'courses' : field) as Path<BundleForm>;

function BundleEditorForm({ bundle, choices, categories }: { bundle: StaffBundle; choices: BundleCourse[]; categories: StaffCategory[] }) {
  const form = useForm<BundleForm>({ defaultValues: formOf(bundle) });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const save = useSaveBundle();
  const [base, setBase] = useState(bundle);
  const [banner, setBanner] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict<StaffBundle> | null>(null);

  useEffect(() => {
    reset(formOf(bundle));
    setBase(bundle);
  }, [bundle, reset]);

  function showProblems(problems: Record<string, string>) {
    Object.entries(problems).forEach(([field, message], i) => setError(inputOf(field), { type: 'server', message }, { shouldFocus: i === 0 }));
  }

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const made = bodyOf(values);
    if ('problems' in made) return showProblems(made.problems);
    try {
      const saved = await save.mutateAsync({ bundle: base, body: made.body });
      setConflict(null);
      notify.success(saved.is_published ? `${saved.name} is saved and on sale.` : `${saved.name} is saved as a draft.`);
    } catch (failure) {
      const refused = conflictOf<StaffBundle>(failure);
      if (refused) return setConflict(refused);
      const { fieldErrors, banner: text } = readServerError(failure, fields, []);
      showProblems(fieldErrors);
      setBanner(text);
    }
  });

  const errors = formState.errors;
  const subcategories = categories.flatMap((c) => c.subcategories.map((s) => ({ value: String(s.id), label: `${c.name} · ${s.name}` })));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="console-form">
      <div className="console-head">
        <h1>{bundle.name}</h1>
        <span className={`status-badge status-${bundle.is_published ? 'published' : 'draft'}`}>{bundle.is_published ? 'Published' : 'Draft'}</span>
        {bundle.is_published && (
          <Link className="btn btn-ghost" to={paths.bundle(bundle.slug)}>
            View in the catalogue
          </Link>
        )}
      </div>
      {bundle.enrolments > 0 && (
        <p className="banner banner-info">
          {bundle.enrolments} {bundle.enrolments === 1 ? 'student has' : 'students have'} enrolled. They keep the courses they enrolled in whatever you change here.
        </p>
      )}
      {conflict && (
        <ConflictBanner
          what="this bundle"
          conflict={conflict}
          onReload={() => {
            reset(formOf(conflict.current));
            setBase(conflict.current);
            setConflict(null);
          }}
        />
      )}
      <FormBanner message={banner} />
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <div className={`field ${errors.description ? 'has-error' : ''}`}>
        <label htmlFor="bundle-description">Description</label>
        <textarea id="bundle-description" rows={4} {...register('description')} />
        {errors.description && <p className="field-error" role="alert">{errors.description.message}</p>}
      </div>
      <Controller
        control={control}
        name="image_upload"
        render={({ field }) => <BundleImage current={base.image} chosen={field.value} onChange={field.onChange} error={errors.image_upload?.message} />}
      />
      <SelectField label="Subcategory" placeholder="None" options={subcategories} error={errors.subcategory_id?.message} {...register('subcategory_id')} />
      <Controller control={control} name="courses" render={({ field }) => <BundleCoursePicker value={field.value} onChange={field.onChange} choices={choices} error={errors.courses?.message} />} />
      <TextField label="Price (pesos; 0 for a free bundle)" inputMode="decimal" error={errors.price?.message} {...register('price')} />
      <fieldset className={`field ${errors.mode_of_payment ? 'has-error' : ''}`}>
        <legend>Ways to pay</legend>
        {MODES_OF_PAYMENT.map((mode) => (
          <label key={mode} className="check-field">
            <input type="checkbox" value={mode} {...register('mode_of_payment')} /> {modeOfPaymentLabels[mode]}
          </label>
        ))}
        {errors.mode_of_payment && <p className="field-error" role="alert">{errors.mode_of_payment.message}</p>}
      </fieldset>
      <label className="check-field">
        <input type="checkbox" {...register('require_kyc')} /> Students verify their identity before they enrol
      </label>
      <label className="check-field">
        <input type="checkbox" {...register('is_featured')} /> Feature it on the school’s home page
      </label>
      <label className="check-field">
        <input type="checkbox" {...register('is_published')} /> Published: on sale in the catalogue
      </label>
      <div className="form-actions">
        <Button label="Save bundle" type="submit" busy={save.isPending} />
      </div>
    </form>
  );
}
