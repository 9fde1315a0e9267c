import { useId } from 'react';
import { CERTIFICATION_STATEMENT, certificateMessages } from '@school/shared/certificates/rules';
import { certificationBodySchema, type CertificationBody } from '@school/shared/certificates/schemas';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-error';
import { useServerForm } from '@/lib/use-server-form';
import { useSignCertification } from '../api/certification-calls';
import { SignatureField } from './signature-field';
import './certification-form.css';

/** What the form holds: the box is unticked until the student ticks it (the schema then wants it ticked). */
type StatementForm = Omit<CertificationBody, 'agree'> & { agree: boolean };
const empty: StatementForm = { full_name: '', signature: '', agree: false };

/**
 * The MCLE certification statement (spec 1 §5): the statement, the typed full name (the profile's), a drawn
 * signature and the agreement, checked with the server's own schema; the server's errors go under their fields.
 */
export function CertificationForm({ enrollmentId, onSigned }: { enrollmentId: number; onSigned: () => void }) {
  const statementId = useId();
  const agreeId = useId();
  const { form, field, banner, setBanner, showServerError } = useServerForm<StatementForm>(certificationBodySchema, empty);
  const sign = useSignCertification(enrollmentId);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      // The schema let the form through only with the box ticked.
      await sign.mutateAsync({ ...values, agree: true });
      onSigned();
    } catch (error) {
      // Signed already (another tab, or the dialog again): the certificate is on its way all the same.
      if (error instanceof ApiError && error.body?.detail === certificateMessages.alreadySigned) return onSigned();
      showServerError(error);
    }
  });

  return (
    <form className="certification-form" onSubmit={onSubmit} noValidate>
      <FormBanner message={banner} />
      <blockquote id={statementId} className="certification-statement">
        <p>{CERTIFICATION_STATEMENT}</p>
      </blockquote>
      <TextField label="Full name" autoComplete="name" error={errors.full_name?.message} {...field('full_name')} />
      <SignatureField
        label="Signature"
        error={errors.signature?.message}
        onChange={(signature) => {
          form.setValue('signature', signature);
          form.clearErrors('signature');
        }}
      />
      <div className={`field ${errors.agree ? 'has-error' : ''}`}>
        <label className="checkbox">
          <input
            type="checkbox"
            aria-describedby={[statementId, errors.agree ? `${agreeId}-error` : ''].filter(Boolean).join(' ')}
            aria-invalid={errors.agree ? true : undefined}
            {...field('agree')}
          />
          I agree
        </label>
        {errors.agree && (
          <p id={`${agreeId}-error`} className="field-error" role="alert">
            {errors.agree.message}
          </p>
        )}
      </div>
      <Button type="submit" label="Sign and Get Certificate" busy={sign.isPending} />
    </form>
  );
}
