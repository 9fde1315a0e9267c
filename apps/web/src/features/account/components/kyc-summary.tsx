import type { KycStatus, KycTemplate } from '@school/shared/kyc/schemas';
import { Image } from '@/components/image';
import { SavedId, templateName } from './id-slot';

/** The IDs and the selfie sent, while they are checked or once they are verified. */
export function KycSummary({ status, templates }: { status: KycStatus; templates: KycTemplate[] }) {
  return (
    <div className="kyc-slots">
      {status.user_ids.map((saved, position) => (
        <SavedId key={position} position={position} saved={saved} templateName={templateName(templates, saved.template)} />
      ))}
      {status.selfie && (
        <figure className="kyc-card">
          <figcaption>Selfie</figcaption>
          <Image src={status.selfie} alt="Your selfie" className="kyc-photo" />
        </figure>
      )}
    </div>
  );
}
