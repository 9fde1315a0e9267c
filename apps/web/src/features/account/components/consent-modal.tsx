import { useState } from 'react';
import { profileMessages } from '@school/shared/account/messages';
import type { School } from '@school/shared/school/schemas';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { PlainText } from '@/components/plain-text';

/** The Data Privacy Statement and Consent, accepted before the MCLE profile is saved (spec 1 §5). */
export function ConsentModal({ open, school, busy, onContinue, onClose }: { open: boolean; school: School; busy: boolean; onContinue: () => void; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Data Privacy Statement and Consent" size="lg">
      <ConsentBody school={school} busy={busy} onContinue={onContinue} onClose={onClose} />
    </Modal>
  );
}

/** The tick lives in the content, which the modal drops when it closes: every opening starts unticked, after Cancel or a failed save too. */
function ConsentBody({ school, busy, onContinue, onClose }: { school: School; busy: boolean; onContinue: () => void; onClose: () => void }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <>
      {/* The policy scrolls in its box: focusable, so that a keyboard can scroll it too. */}
      <div className="consent-text" role="region" aria-label="Data privacy statement" tabIndex={0}>
        <PlainText text={school.data_privacy} />
        {school.consent_form && <p>{school.consent_form}</p>}
      </div>
      <label className="checkbox consent-check">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        {profileMessages.consentText}
      </label>
      <div className="response-actions">
        <Button label="Cancel" variant="ghost" onClick={onClose} />
        <Button label="Continue" disabled={!agreed} busy={busy} onClick={onContinue} />
      </div>
    </>
  );
}
