import { useState } from 'react';
import { z } from 'zod';
import { platformMessages, platformSchoolPatchSchema, type PlatformSchool } from '@school/shared/platform/schools';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { useServerForm } from '@/lib/use-server-form';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { useUpdateSchool } from '../api/platform-calls';
import { ProductChoices } from './product-choices';

const formSchema = platformSchoolPatchSchema.pick({ name: true, products: true }).required();
type Values = z.infer<typeof formSchema>;

/** A school's name and products, saved at the version the page loaded. */
export function SchoolForm({ school, onReload }: { school: PlatformSchool; onReload: (current: PlatformSchool) => void }) {
  const update = useUpdateSchool(school.id);
  const [conflict, setConflict] = useState<Conflict<PlatformSchool> | null>(null);
  const { form, field, banner, showServerError } = useServerForm<Values>(formSchema, { name: school.name, products: school.products });

  const submit = form.handleSubmit(async (patch) => {
    try {
      await update.mutateAsync({ version: school.version, patch });
      notify.success(platformMessages.saved);
    } catch (failure) {
      const refused = conflictOf<PlatformSchool>(failure);
      if (refused) return setConflict(refused);
      showServerError(failure);
    }
  });

  return (
    <form className="console-form" aria-label="The school" noValidate onSubmit={(event) => void submit(event)}>
      {conflict && <ConflictBanner what="this school" conflict={conflict} onReload={() => onReload(conflict.current)} />}
      <FormBanner message={banner} />
      <TextField label="Name" error={form.formState.errors.name?.message} {...field('name')} />
      <ProductChoices register={(name) => form.register(name)} />
      <div className="form-actions">
        <Button type="submit" label="Save" busy={update.isPending} />
      </div>
    </form>
  );
}
