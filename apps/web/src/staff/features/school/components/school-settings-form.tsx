import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldNamesMarkedBoolean } from 'react-hook-form';
import { Link } from 'react-router';
import { schoolColourProblem } from '@school/shared/school/colour';
import { socialLabels } from '@school/shared/school/schemas';
import { socialNames } from '@school/shared/school/social-names';
import { schoolSettingsFormSchema, schoolSettingsMessages, schoolSettingsSchema, type SchoolSettings, type SchoolSettingsPatch, type StaffSchool } from '@school/shared/staff/school-settings';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { ApiError, errorDetail } from '@/lib/api-error';
import { useServerForm } from '@/lib/use-server-form';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { MediaSlots, type MediaSlot } from '../../../components/media-slots';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { Tabs } from '../../../components/tabs';
import { staffPaths } from '../../../config/staff-paths';
import { useUpdateSchool } from '../api/school-calls';
import { FaqEditor } from './faq-editor';
import { SchoolPreview } from './school-preview';


const orNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** The settings of the school as the form holds them. */
const settingsOf = (school: StaffSchool): SchoolSettings => Object.fromEntries(Object.keys(schoolSettingsSchema.shape).map((key) => [key, school[key as keyof SchoolSettings]])) as SchoolSettings;

/** Only what changed is sent; the social links go as a whole (they are one list on the site). */
function patchOf(values: SchoolSettings, dirty: Partial<FieldNamesMarkedBoolean<SchoolSettings>>): SchoolSettingsPatch {
  return Object.fromEntries(Object.keys(dirty).map((key) => [key, values[key as keyof SchoolSettings]]));
}

/** Which tab holds a field: a refused save opens the tab of its first error. */
const tabOfField: Record<string, string> = {
  address: 'contact', phone_number: 'contact', country_code: 'contact', mobile_number: 'contact', email: 'contact', time_zone: 'contact', socials: 'contact',
  payment_instructions: 'payment',
  show_announcement: 'announcement', announcement_title: 'announcement', announcement_body: 'announcement',
  faq_sections: 'faq',
  signup_reward_coins: 'rewards', reward_group: 'rewards',
  data_privacy: 'policies', terms_of_use: 'policies', consent_form: 'policies',
};

interface Props {
  school: StaffSchool;
  onReload: (current: StaffSchool) => void;
}

/**
 * The school's own settings in tabs, saved to the version they were loaded at (412 says who saved in between). The
 * colour is checked as it is typed, with the rule the server applies, and the preview shows the site as it will be.
 */
export function SchoolSettingsForm({ school, onReload }: Props) {
  const update = useUpdateSchool();
  const [tab, setTab] = useState('identity');
  const [conflict, setConflict] = useState<Conflict<StaffSchool> | null>(null);
  const { form, field, banner, showServerError } = useServerForm<SchoolSettings>(schoolSettingsFormSchema, settingsOf(school));
  const { register, formState, control, watch } = form;
  const error = (name: string) => name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], formState.errors) as { message?: string } | undefined;
  const message = (name: string) => error(name)?.message;

  // A saved logo, cover or video brings a new version: what was typed meanwhile stays.
  const keepEdits = useRef(false);
  useEffect(() => {
    form.reset(settingsOf(school), { keepDirtyValues: keepEdits.current });
    keepEdits.current = false;
    setConflict(null);
  }, [school, form]);

  const colour = watch('primary_color');
  const colourProblem = schoolColourProblem(colour);

  const submit = form.handleSubmit(
    async (values) => {
      const patch = patchOf(values, formState.dirtyFields);
      if (Object.keys(patch).length === 0) return notify.info('Nothing has changed.');
      try {
        await update.mutateAsync({ school, patch });
        notify.success(schoolSettingsMessages.saved);
      } catch (failure) {
        const refused = conflictOf<StaffSchool>(failure);
        if (refused) return setConflict(refused);
        showServerError(failure);
        const first = failure instanceof ApiError ? Object.keys(failure.body ?? {}).find((key) => key in schoolSettingsSchema.shape) : undefined;
        setTab(tabOfField[first ?? ''] ?? 'identity');
      }
    },
    (errors) => setTab(tabOfField[Object.keys(errors)[0] ?? ''] ?? 'identity'),
  );

  const slots: MediaSlot[] = [
    { field: 'logo_upload', kind: 'image', title: 'Logo', accept: 'image/jpeg,image/png,image/webp', current: school.logo, alt: 'The logo' },
    { field: 'cover_upload', kind: 'image', title: 'Cover image', accept: 'image/jpeg,image/png,image/webp', current: school.cover, alt: 'The cover image' },
    { field: 'how_to_video_upload', kind: 'video', title: 'How-to video', accept: 'video/*', current: school.how_to_video, alt: 'The how-to video' },
  ];

  async function saveFile(slot: MediaSlot, upload: string | null) {
    try {
      keepEdits.current = true;
      await update.mutateAsync({ school, patch: { [slot.field]: upload } });
      notify.success(upload ? `The ${slot.title.toLowerCase()} is saved.` : `The ${slot.title.toLowerCase()} was taken away.`);
      return true;
    } catch (failure) {
      keepEdits.current = false;
      const refused = conflictOf<StaffSchool>(failure);
      notify.error(refused ? `${refused.by ?? 'Somebody'} saved the school's settings after you opened them: reload the page, then try again.` : (errorDetail(failure) ?? 'The file could not be saved. Try again.'));
      return false;
    }
  }

  const area = (name: 'description' | 'data_privacy' | 'terms_of_use' | 'consent_form', label: string, rows: number, hint?: string) => (
    <div className={`field ${message(name) ? 'has-error' : ''}`}>
      <label htmlFor={`school-${name}`}>{label}</label>
      {hint && (
        <p className="muted" id={`school-${name}-hint`}>
          {hint}
        </p>
      )}
      <textarea id={`school-${name}`} rows={rows} aria-describedby={hint ? `school-${name}-hint` : undefined} aria-invalid={message(name) ? true : undefined} {...register(name)} />
      {message(name) && (
        <p className="field-error" role="alert">
          {message(name)}
        </p>
      )}
    </div>
  );

  const tabs = [
    {
      id: 'identity',
      label: 'Name and look',
      panel: (
        <>
          <TextField label="Name" error={message('name')} {...register('name')} />
          <div className={`field ${message('primary_color') ? 'has-error' : ''}`}>
            <label htmlFor="school-colour">Colour (hex, such as #1d4ed8)</label>
            <div className="colour-field">
              <input
                type="color"
                aria-label="Pick the colour"
                value={/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#000000'}
                onChange={(event) => {
                  form.clearErrors('primary_color');
                  form.setValue('primary_color', event.target.value, { shouldDirty: true });
                }}
              />
              <input id="school-colour" aria-describedby="school-colour-check" aria-invalid={colourProblem ? true : undefined} {...field('primary_color')} />
            </div>
            <p id="school-colour-check" className={colourProblem ? 'field-error' : 'muted'} aria-live="polite">
              {message('primary_color') ?? colourProblem ?? 'Readable in the light and the dark theme.'}
            </p>
          </div>
          {area('description', 'Description (shown on the landing page)', 4)}
          <SchoolPreview name={watch('name')} description={watch('description')} colour={colour} logo={school.logo} cover={school.cover} />
        </>
      ),
    },
    {
      id: 'files',
      label: 'Logo and media',
      panel: <MediaSlots slots={slots} owner="the school" canEdit busy={update.isPending} onSave={saveFile} />,
    },
    {
      id: 'contact',
      label: 'Contact',
      panel: (
        <>
          <TextField label="Address" error={message('address')} {...register('address')} />
          <TextField label="Phone number" type="tel" error={message('phone_number')} {...register('phone_number')} />
          <div className="field-row">
            <TextField label="Country calling code" inputMode="numeric" error={message('country_code')} {...register('country_code')} />
            <TextField label="Mobile number" inputMode="numeric" error={message('mobile_number')} {...register('mobile_number')} />
          </div>
          <TextField label="E-mail" type="email" error={message('email')} {...register('email')} />
          <TextField label="Time zone (classes, deadlines and reports)" list="time-zones" error={message('time_zone')} {...register('time_zone')} />
          <datalist id="time-zones">
            {Intl.supportedValuesOf('timeZone').map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <fieldset className="plain-fieldset">
            <legend>Social links (shown in the site&apos;s footer)</legend>
            {typeof message('socials') === 'string' && (
              <p className="field-error" role="alert">
                {message('socials')}
              </p>
            )}
            {socialLabels.map((label) => (
              <TextField key={label} label={socialNames[label]} type="url" placeholder="https://" error={message(`socials.${label}`)} {...register(`socials.${label}`, { setValueAs: orNull })} />
            ))}
          </fieldset>
        </>
      ),
    },
    {
      id: 'payment',
      label: 'Payment instructions',
      panel: (
        <Controller
          control={control}
          name="payment_instructions"
          render={({ field, fieldState }) => (
            <RichTextEditor label="How to pay by bank deposit or in person (shown at checkout)" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      ),
    },
    {
      id: 'announcement',
      label: 'Announcement',
      panel: (
        <>
          <label className="check-field">
            <input type="checkbox" {...register('show_announcement')} /> Show the announcement to every visitor, once per visit
          </label>
          <TextField label="Title of the announcement" error={message('announcement_title')} {...register('announcement_title')} />
          <Controller
            control={control}
            name="announcement_body"
            render={({ field, fieldState }) => <RichTextEditor label="Text of the announcement" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
          />
        </>
      ),
    },
    {
      id: 'faq',
      label: 'FAQ',
      panel: <FaqEditor control={control} register={register} errors={formState.errors} />,
    },
    {
      id: 'rewards',
      label: 'Rewards',
      panel: (
        <>
          {!school.coins && <p className="banner banner-info">This school has no L2E coins: rewards are paid once the platform&apos;s administrator turns coins on.</p>}
          <TextField label="Sign-up reward (whole L2E coins, 0 for none)" inputMode="numeric" error={message('signup_reward_coins')} {...register('signup_reward_coins', { valueAsNumber: true })} />
          <TextField label="Who the reward is for (shown in the wallet as “for … members”)" error={message('reward_group')} {...register('reward_group')} />
          <p className="muted">
            A new member gets the sign-up reward once, when they sign up. The coins a course gives on completion are in the course&apos;s settings, under Rewards (
            <Link to={staffPaths.courses}>Courses</Link>).
          </p>
        </>
      ),
    },
    {
      id: 'policies',
      label: 'Policies',
      panel: (
        <>
          {area('data_privacy', 'Privacy policy', 10, 'Plain text; leave a blank line between paragraphs.')}
          {area('terms_of_use', 'Terms of use', 10, 'Plain text; leave a blank line between paragraphs.')}
          {area('consent_form', 'Consent (shown under the privacy policy before a student saves the MCLE profile)', 4)}
        </>
      ),
    },
  ];

  return (
    <form onSubmit={submit} noValidate className="console-form">
      {conflict && <ConflictBanner what="the school's settings" conflict={conflict} onReload={() => onReload(conflict.current)} />}
      <FormBanner message={banner} />
      <Tabs label="School settings" tabs={tabs} active={tab} onChange={setTab} />
      <div className="form-actions">
        <Button label="Save" type="submit" busy={update.isPending} />
      </div>
    </form>
  );
}
