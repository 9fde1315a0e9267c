import { useMemo, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { profileMessages as m } from '@school/shared/account/messages';
import { CIVIL_STATUSES, mailingAddressLine, mcleProfileSchema, type McleProfileForm, type SavedMcleProfile } from '@school/shared/account/profile-schemas';
import type { Profile } from '@school/shared/auth/profile';
import type { School } from '@school/shared/school/schemas';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { ResponseModal } from '@/components/response-modal';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { useKycStatus } from '@/lib/kyc-status';
import { useServerForm } from '@/lib/use-server-form';
import { useSaveMcle } from '../api/account-calls';
import { useIbpChapters, useLawSchools, useRegions } from '@/lib/lookups';
import { ConsentModal } from './consent-modal';

type CopyFlags = 'home_same_as_mailing' | 'work_same_as_mailing';
/** The form's values as its inputs hold them: text, and the two copy toggles. */
type Values = Record<Exclude<keyof McleProfileForm, CopyFlags>, string> & Record<CopyFlags, boolean>;

const empty: Values = {
  roll_number: '', ibp_chapter: '', ibp_lifetime_no: '', ibp_or_number: '', ibp_or_date: '', year_admitted: '', law_school: '', law_school_others: '',
  company: '', position: '', address: '', region: '', province: '', city: '', zip_code: '', home_address: '', work_address: '',
  telephone_number: '', fax_number: '', birth_place: '', civil_status: '', home_same_as_mailing: false, work_same_as_mailing: false,
};

const fromSaved = (saved: SavedMcleProfile | null): Values =>
  saved ? { ...empty, ...Object.fromEntries(Object.entries(saved).map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v ?? '')])) } : empty;

const numeric = { inputMode: 'numeric' as const, pattern: '[0-9]*' };

/** The MCLE profile (spec 1 §3, §5): the cascade of places, 'others', same-as-mailing, then consent. */
export function McleProfileForm({ profile, school, saved }: { profile: Profile; school: School; saved: SavedMcleProfile | null }) {
  const { form, field, banner, setBanner, showServerError } = useServerForm<Values>(mcleProfileSchema, fromSaved(saved));
  const regions = useRegions();
  const chapters = useIbpChapters();
  const lawSchools = useLawSchools();
  const save = useSaveMcle();
  const kyc = useKycStatus(profile.role === 'ST' && school.config.products.kyc);
  const navigate = useNavigate();
  const [pending, setPending] = useState<Values | null>(null);
  const [done, setDone] = useState(false);
  const { errors } = form.formState;
  const [regionId, provinceId, cityId, lawSchool] = form.watch(['region', 'province', 'city', 'law_school']);

  const region = regions.data?.find((r) => r.id === regionId);
  const province = region?.provinces.find((p) => p.id === provinceId);
  const city = province?.cities.find((c) => c.id === cityId);
  const zipOptions = useMemo(() => (city?.zips ?? []).map((z) => ({ value: z.code, label: `${z.code} - ${z.name}` })), [city]);
  const uniqueZips = zipOptions.filter((o, i) => zipOptions.findIndex((x) => x.label === o.label) === i);

  /** Changing a place clears and reloads every place below it (spec 1 §5). */
  function cascade(level: 'region' | 'province' | 'city') {
    const below = { region: ['province', 'city', 'zip_code'], province: ['city', 'zip_code'], city: ['zip_code'] }[level] as (keyof Values)[];
    const registered = field(level);
    return {
      ...registered,
      onChange: async (event: ChangeEvent<HTMLSelectElement>) => {
        await registered.onChange(event);
        for (const name of below) form.setValue(name, '' as never);
        syncCopies();
      },
    };
  }

  /** Home and work addresses that copy the mailing one follow it as it changes. */
  function syncCopies() {
    const values = form.getValues();
    const r = regions.data?.find((x) => x.id === values.region);
    const p = r?.provinces.find((x) => x.id === values.province);
    const c = p?.cities.find((x) => x.id === values.city);
    const line = mailingAddressLine({ address: values.address, city: c?.name, province: p?.name, region: r?.name, zip: values.zip_code });
    if (values.home_same_as_mailing) form.setValue('home_address', line);
    if (values.work_same_as_mailing) form.setValue('work_address', line);
  }

  /** 'Same as mailing address': copies it and locks the field (readOnly, so the copy is still sent). */
  const copyToggle = (name: 'home_same_as_mailing' | 'work_same_as_mailing') => {
    const registered = form.register(name);
    return {
      ...registered,
      onChange: async (event: ChangeEvent<HTMLInputElement>) => {
        await registered.onChange(event);
        syncCopies();
      },
    };
  };

  const onSubmit = form.handleSubmit((values) => {
    setBanner(null);
    setPending(values);
  });

  async function confirm() {
    if (!pending) return;
    try {
      await save.mutateAsync(pending as unknown as McleProfileForm);
      setPending(null);
      setDone(true);
    } catch (error) {
      setPending(null);
      showServerError(error);
    }
  }

  /** After saving (spec 1 §4): an incomplete basic profile first, then identity verification while the IDs are not verified. */
  function next() {
    setDone(false);
    if (profile.step === '1') navigate(paths.student('profile'));
    else if (school.config.products.kyc && !kyc.data?.complete) navigate(paths.student('authenticate-id'));
  }

  const mailingLinked = { onInput: syncCopies };
  const homeCopy = form.watch('home_same_as_mailing');
  const workCopy = form.watch('work_same_as_mailing');

  return (
    <form onSubmit={onSubmit} noValidate className="account-form">
      <FormBanner message={banner} />
      <div className="form-grid">
        <TextField label="Roll Number" {...numeric} error={errors.roll_number?.message} {...field('roll_number')} />
        <SelectField label="IBP Chapter" options={(chapters.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))} error={errors.ibp_chapter?.message} {...field('ibp_chapter')} />
        <TextField label="IBP Lifetime Number" {...numeric} error={errors.ibp_lifetime_no?.message} {...field('ibp_lifetime_no')} />
        <TextField label="IBP O.R. Number" {...numeric} error={errors.ibp_or_number?.message} {...field('ibp_or_number')} />
        <TextField label="IBP O.R. Date" type="date" error={errors.ibp_or_date?.message} {...field('ibp_or_date')} />
        <TextField label="Year Admitted to the Bar" {...numeric} maxLength={4} error={errors.year_admitted?.message} {...field('year_admitted')} />
        <SelectField
          label="Law School"
          options={[...(lawSchools.data ?? []).map((s) => ({ value: String(s.id), label: s.name })), { value: 'others', label: 'Others' }]}
          error={errors.law_school?.message}
          {...field('law_school')}
          onChange={async (event) => {
            await field('law_school').onChange(event);
            // The 'others' name is kept only while 'others' is chosen (spec 1 §5).
            if (event.target.value !== 'others') form.setValue('law_school_others', '');
          }}
        />
        {lawSchool === 'others' && <TextField label="Name of Law School" error={errors.law_school_others?.message} {...field('law_school_others')} />}
        <TextField label="Company" error={errors.company?.message} {...field('company')} />
        <TextField label="Position" error={errors.position?.message} {...field('position')} />
      </div>
      <fieldset className="form-section">
        <legend>Mailing Address</legend>
        <div className="form-grid">
          <TextField label="Address" error={errors.address?.message} {...field('address')} {...mailingLinked} />
          <SelectField label="Region" options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))} disabled={!regions.data?.length} error={errors.region?.message} {...cascade('region')} />
          <SelectField label="Province" options={(region?.provinces ?? []).map((p) => ({ value: p.id, label: p.name }))} disabled={!region?.provinces.length} error={errors.province?.message} {...cascade('province')} />
          <SelectField label="City / Municipality" options={(province?.cities ?? []).map((c) => ({ value: c.id, label: c.name }))} disabled={!province?.cities.length} error={errors.city?.message} {...cascade('city')} />
          {city && uniqueZips.length === 0 ? (
            <TextField label="Zip Code" {...numeric} maxLength={4} error={errors.zip_code?.message} {...field('zip_code')} {...mailingLinked} />
          ) : (
            <SelectField label="Zip Code" options={uniqueZips} disabled={uniqueZips.length === 0} error={errors.zip_code?.message} {...field('zip_code')} {...mailingLinked} onChange={async (event) => {
              await field('zip_code').onChange(event);
              syncCopies();
            }} />
          )}
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Other Addresses and Contact</legend>
        <div className="form-grid">
          <div>
            <TextField label="Home Address" readOnly={homeCopy} aria-disabled={homeCopy} error={errors.home_address?.message} {...field('home_address')} />
            <label className="checkbox">
              <input type="checkbox" {...copyToggle('home_same_as_mailing')} /> Same as mailing address
            </label>
          </div>
          <div>
            <TextField label="Work Address" readOnly={workCopy} aria-disabled={workCopy} error={errors.work_address?.message} {...field('work_address')} />
            <label className="checkbox">
              <input type="checkbox" {...copyToggle('work_same_as_mailing')} /> Same as mailing address
            </label>
          </div>
          <TextField label="Telephone Number" {...numeric} error={errors.telephone_number?.message} {...field('telephone_number')} />
          <TextField label="Fax Number" {...numeric} error={errors.fax_number?.message} {...field('fax_number')} />
          <TextField label="Birth Place" error={errors.birth_place?.message} {...field('birth_place')} />
          <SelectField label="Civil Status" options={CIVIL_STATUSES.map((c) => ({ value: c, label: c }))} error={errors.civil_status?.message} {...field('civil_status')} />
        </div>
      </fieldset>
      <Button type="submit" label="Submit" busy={save.isPending} />
      <ConsentModal open={pending !== null} school={school} busy={save.isPending} onContinue={confirm} onClose={() => setPending(null)} />
      <ResponseModal open={done} type="success" title={m.mcleSubmitted} onClose={next} actions={[{ label: 'Okay', onClick: next }]} />
    </form>
  );
}
