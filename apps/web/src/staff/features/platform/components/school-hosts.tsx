import { newSchoolHostSchema, type SchoolHost } from '@school/shared/platform/schools';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { useServerForm } from '@/lib/use-server-form';
import { QueryState } from '../../../components/query-state';
import { useAddHost, useRemoveHost, useSchoolHosts, useSetPrimaryHost } from '../api/platform-calls';

interface HostForm {
  host: string;
  is_primary: boolean;
}

/** The host names a school answers on besides its platform address; e-mails link to the primary one. */
export function SchoolHosts({ schoolId }: { schoolId: number }) {
  const hosts = useSchoolHosts(schoolId);
  const add = useAddHost(schoolId);
  const primary = useSetPrimaryHost(schoolId);
  const remove = useRemoveHost(schoolId);
  const { form, field, banner, showServerError } = useServerForm<HostForm>(newSchoolHostSchema, { host: '', is_primary: false });

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(newSchoolHostSchema.parse(values));
      notify.success(`The school now answers on ${values.host.trim().toLowerCase()}.`);
      form.reset({ host: '', is_primary: false });
    } catch (failure) {
      showServerError(failure);
    }
  });

  async function attempt(write: Promise<unknown>, done: string) {
    try {
      await write;
      notify.success(done);
    } catch (failure) {
      notify.error(errorDetail(failure) ?? 'The host names could not be changed. Try again.');
    }
  }

  const row = (h: SchoolHost) => (
    <li key={h.id} className="host-row">
      <span>
        <code>{h.host}</code> {h.is_primary && <span className="host-primary">Primary: e-mails link here</span>}
      </span>
      <span className="row-actions">
        <Button
          variant="ghost"
          label={h.is_primary ? 'Not primary' : 'Make primary'}
          aria-label={`${h.is_primary ? 'Not primary' : 'Make primary'}: ${h.host}`}
          onClick={() => void attempt(primary.mutateAsync({ hostId: h.id, primary: !h.is_primary }), h.is_primary ? 'E-mails now link to the platform address.' : `E-mails now link to ${h.host}.`)}
        />
        <Button variant="ghost" label="Remove" aria-label={`Remove ${h.host}`} onClick={() => void attempt(remove.mutateAsync(h.id), `${h.host} is removed.`)} />
      </span>
    </li>
  );

  return (
    <section aria-labelledby="hosts-heading">
      <h2 id="hosts-heading">Host names</h2>
      <p className="muted">The school answers on its platform address and on these. Point each one&apos;s DNS at the platform first.</p>
      <QueryState query={hosts} what="The host names" empty="No host names of its own: the school answers on its platform address only." isEmpty={(list) => list.length === 0}>
        {(list) => <ul className="host-list">{list.map(row)}</ul>}
      </QueryState>
      <form className="console-form" aria-label="Add a host name" noValidate onSubmit={(event) => void submit(event)}>
        <FormBanner message={banner} />
        <TextField label="Host name" placeholder="learn.example.com" autoComplete="off" spellCheck={false} error={form.formState.errors.host?.message} {...field('host')} />
        <label className="check-field">
          <input type="checkbox" {...form.register('is_primary')} /> Primary: e-mails link here
        </label>
        <div className="form-actions">
          <Button type="submit" label="Add the host name" busy={add.isPending} />
        </div>
      </form>
    </section>
  );
}
