import { useEffect } from 'react';
import { z } from 'zod';
import { revokeCertificateSchema, type StaffCertificate } from '@school/shared/staff/certificates';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { notify } from '@/components/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useRevokeCertificate } from '../api/certificate-calls';

type Revoke = z.infer<typeof revokeCertificateSchema>;

/** Revoke: a reason, shown on the certificate's public page, which then says it no longer stands. */
export function RevokeDialog({ certificate, onClose }: { certificate: StaffCertificate | null; onClose: () => void }) {
  const revoke = useRevokeCertificate();
  const { form, banner, setBanner, showServerError } = useServerForm<Revoke>(revokeCertificateSchema, { reason: '' });
  const error = form.formState.errors.reason?.message;

  useEffect(() => {
    if (!certificate) return;
    form.reset({ reason: '' });
    setBanner(null);
  }, [certificate, form, setBanner]);

  const submit = form.handleSubmit(async ({ reason }) => {
    if (!certificate) return;
    try {
      await revoke.mutateAsync({ id: certificate.id, reason });
      notify.success(`The certificate of ${certificate.learner} is revoked.`);
      onClose();
    } catch (failure) {
      showServerError(failure);
    }
  });

  return (
    <Modal open={certificate !== null} onClose={onClose} title="Revoke the certificate?">
      <form onSubmit={(event) => void submit(event)} noValidate className="console-form">
        <FormBanner message={banner} />
        <p>
          {certificate?.learner}&apos;s certificate for {certificate?.course} will say it is revoked, with your reason, to anybody who checks it. It cannot be
          undone.
        </p>
        <div className={`field ${error ? 'has-error' : ''}`}>
          <label htmlFor="revoke-reason">Reason (shown on the public page)</label>
          <textarea id="revoke-reason" rows={3} aria-invalid={error ? true : undefined} aria-describedby={error ? 'revoke-reason-error' : undefined} {...form.register('reason')} />
          {error && (
            <p className="field-error" id="revoke-reason-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label="Revoke" variant="danger" type="submit" busy={revoke.isPending} />
        </div>
      </form>
    </Modal>
  );
}
