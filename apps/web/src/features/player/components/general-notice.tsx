import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';

/**
 * 'GENERAL NOTICE' before a course with random photo validation (enable_kyl) starts (spec 2 §4): both
 * confirmations are needed; the Supreme Court's online MCLE wording at MCLE schools, and the no-copying
 * notice when the course's videos may not be downloaded.
 */
export function GeneralNotice({ mcle, noCopying, onAccept, onCancel }: { mcle: boolean; noCopying: boolean; onAccept: () => void; onCancel: () => void }) {
  const [photos, setPhotos] = useState(false);
  const [consent, setConsent] = useState(false);
  const photosId = useId();
  const consentId = useId();
  return (
    <Modal open title="GENERAL NOTICE" onClose={onCancel}>
      <div className="general-notice">
        <p>While you study this course, your camera takes photos of you at random times to confirm that you are the one taking it. Keep your face visible and your camera on.</p>
        {mcle && (
          <p>
            As required by the Rules on Online Mandatory Continuing Legal Education (A.M. No. 19-10-16-SC), these photos, your study time and your answers are kept as
            the record of your attendance and may be reviewed by the MCLE Office.
          </p>
        )}
        {noCopying && <p>Recording, downloading, copying or sharing the course videos and materials is not allowed.</p>}
        <div className="check">
          <input id={photosId} type="checkbox" checked={photos} onChange={(e) => setPhotos(e.target.checked)} />
          <label htmlFor={photosId}>I understand that random photos of me will be taken for validation.</label>
        </div>
        <div className="check">
          <input id={consentId} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          <label htmlFor={consentId}>I consent to the collection and processing of these photos and my study records for this purpose.</label>
        </div>
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onCancel} />
          <Button label="Continue" disabled={!photos || !consent} onClick={onAccept} />
        </div>
      </div>
    </Modal>
  );
}
