import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { newSchoolSchema, platformMessages, type ProductFlags } from '@school/shared/platform/schools';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { useServerForm } from '@/lib/use-server-form';
import { platformPaths } from '../../../config/staff-paths';
import { useCreateSchool } from '../api/platform-calls';
import { ProductChoices } from './product-choices';

interface NewSchoolForm {
  name: string;
  domain: string;
  admin_email: string;
  products: Partial<ProductFlags>;
}
const blank: NewSchoolForm = { name: '', domain: '', admin_email: '', products: { mcle: false, kyc: false, apt_coins: false, google_sso: false, facebook_sso: false, show_announcement: false } };

/** New school: its name, its domain on the platform's address, its products and who becomes its first administrator. */
export function NewSchoolDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateSchool();
  const navigate = useNavigate();
  const { form, field, banner, setBanner, showServerError } = useServerForm<NewSchoolForm>(newSchoolSchema, blank);
  const errors = form.formState.errors;

  useEffect(() => {
    if (!open) return;
    form.reset(blank);
    setBanner(null);
  }, [open, form, setBanner]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const school = await create.mutateAsync(newSchoolSchema.parse(values));
      notify.success(platformMessages.created(school.name, values.admin_email.trim()));
      onClose();
      void navigate(platformPaths.school(school.id));
    } catch (failure) {
      showServerError(failure);
    }
  });

  return (
    <Modal open={open} onClose={onClose} title="New school">
      <form onSubmit={(event) => void submit(event)} noValidate className="console-form">
        <FormBanner message={banner} />
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...field('name')} />
        <TextField label="Domain (its address: domain.your-platform)" autoComplete="off" spellCheck={false} error={errors.domain?.message} {...field('domain')} />
        <TextField label="First administrator's e-mail" type="email" autoComplete="off" error={errors.admin_email?.message} {...field('admin_email')} />
        <ProductChoices register={(name) => form.register(name)} />
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label="Create the school" type="submit" busy={create.isPending} />
        </div>
      </form>
    </Modal>
  );
}
