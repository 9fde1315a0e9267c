import { useState } from 'react';
import { useNavigate } from 'react-router';
import { profileMessages as m } from '@school/shared/account/messages';
import { NO_MIDDLE_NAME, OCCUPATION_TYPES, SUFFIXES, isValidDate, occupationLabels, studentProfileSchema, userProfileSchema, type StudentProfileForm } from '@school/shared/account/profile-schemas';
import type { Profile } from '@school/shared/auth/profile';
import { isoDate } from '@school/shared/school/dates';
import type { School } from '@school/shared/school/schemas';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { ResponseModal } from '@/components/response-modal';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { useServerForm } from '@/lib/use-server-form';
import { useUpdateProfile } from '../api/account-calls';
import { useCountries } from '@/lib/lookups';

const typeLabels: Record<(typeof OCCUPATION_TYPES)[number], string> = { S: 'Student', P: 'Professional', O: 'Others' };

function initialValues(profile: Profile): StudentProfileForm {
  return {
    first_name: profile.first_name,
    middle_name: profile.middle_name,
    last_name: profile.last_name,
    suffix: profile.suffix ?? '',
    mobile_number: profile.mobile_number ?? '',
    country_code: profile.country_code ?? '',
    // An invalid stored birthday counts as empty (spec 1 §5).
    birthday: isValidDate(profile.birthday) ? profile.birthday : '',
    gender: profile.gender ?? ('' as never),
    type: profile.type ?? ('' as never),
    school: profile.school ?? '',
    course: profile.course ?? '',
  };
}

/** The basic profile (spec 1 §3, §5): students also give birthday, gender and occupation. */
export function BasicProfileForm({ profile, school }: { profile: Profile; school: School }) {
  const student = profile.role === 'ST';
  const { form, field, banner, setBanner, showServerError } = useServerForm<StudentProfileForm>(student ? studentProfileSchema : userProfileSchema, initialValues(profile));
  const update = useUpdateProfile();
  const countries = useCountries();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const { errors } = form.formState;
  const noMiddleName = form.watch('middle_name') === NO_MIDDLE_NAME;
  const labels = occupationLabels(form.watch('type'));
  const mcleNext = student && school.config.products.mcle;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const payload = student ? values : { first_name: values.first_name, middle_name: values.middle_name, last_name: values.last_name, suffix: values.suffix, mobile_number: values.mobile_number, country_code: values.country_code };
      await update.mutateAsync(payload);
      setSaved(true);
    } catch (error) {
      showServerError(error);
    }
  });

  const countryOptions = (countries.data ?? []).map((c) => ({ value: c.country_code, label: `${c.name} (+${c.country_code})` }));
  // One option per calling code would hide countries; keep each country, the value is its code.
  const uniqueCountryOptions = countryOptions.filter((option, index) => countryOptions.findIndex((o) => o.label === option.label) === index);

  return (
    <form onSubmit={onSubmit} noValidate className="account-form">
      <FormBanner message={banner} />
      <div className="form-grid">
        <TextField label="First Name" autoComplete="given-name" error={errors.first_name?.message} {...field('first_name')} />
        <div>
          {noMiddleName ? (
            <TextField label="Middle Name" disabled readOnly value="" />
          ) : (
            <TextField label="Middle Name" autoComplete="additional-name" error={errors.middle_name?.message} {...field('middle_name')} />
          )}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={noMiddleName}
              onChange={(event) => {
                form.setValue('middle_name', event.target.checked ? NO_MIDDLE_NAME : '');
                form.clearErrors('middle_name');
              }}
            />
            I have no middle name
          </label>
        </div>
        <TextField label="Last Name" autoComplete="family-name" error={errors.last_name?.message} {...field('last_name')} />
        <SelectField label="Suffix" placeholder="None" options={SUFFIXES.map((s) => ({ value: s, label: s }))} error={errors.suffix?.message} {...field('suffix')} />
        <SelectField label="Country Code" options={uniqueCountryOptions} error={errors.country_code?.message} {...field('country_code')} />
        <TextField label="Mobile Number" inputMode="numeric" autoComplete="tel-national" error={errors.mobile_number?.message} {...field('mobile_number')} />
        {student && (
          <>
            <TextField label="Birthday" type="date" max={isoDate()} error={errors.birthday?.message} {...field('birthday')} />
            <fieldset className={`field ${errors.gender ? 'has-error' : ''}`} aria-describedby={errors.gender ? 'gender-error' : undefined}>
              <legend>Gender</legend>
              <div className="radio-row">
                <label className="checkbox">
                  <input type="radio" value="M" {...field('gender')} /> Male
                </label>
                <label className="checkbox">
                  <input type="radio" value="F" {...field('gender')} /> Female
                </label>
              </div>
              {errors.gender && (
                <p id="gender-error" className="field-error" role="alert">
                  {errors.gender.message}
                </p>
              )}
            </fieldset>
            <SelectField label="Type" options={OCCUPATION_TYPES.map((t) => ({ value: t, label: typeLabels[t] }))} error={errors.type?.message} {...field('type')} />
            {labels && (
              <>
                <TextField label={labels.school} error={errors.school?.message} {...field('school')} />
                <TextField label={labels.course} error={errors.course?.message} {...field('course')} />
              </>
            )}
          </>
        )}
      </div>
      <Button type="submit" label="Save" busy={update.isPending} />
      <ResponseModal
        open={saved}
        type="success"
        title={m.updated}
        message={<p>{m.thanks}</p>}
        onClose={() => setSaved(false)}
        actions={[
          mcleNext
            ? { label: m.continueToMcle, onClick: () => navigate(paths.student('mcle-profile')) }
            : { label: 'Okay', onClick: () => setSaved(false) },
        ]}
      />
    </form>
  );
}
