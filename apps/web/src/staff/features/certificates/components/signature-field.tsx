import { useState } from 'react';
import { Button } from '@/components/button';
import { FileUpload } from '../../../components/file-upload';

interface Props {
  /** 1 for the first signatory: the names of the controls. */
  place: number;
  /** The stored signature's address, when the signatory has one. */
  url: string | null;
  /** A new upload, printed once the form is saved. */
  pending: boolean;
  onUpload: (uploadId: string) => void;
  onRemove: () => void;
}

/** A signatory's signature: an image sent through the upload pipeline, printed above the name once saved. */
export function SignatureField({ place, url, pending, onUpload, onRemove }: Props) {
  const [open, setOpen] = useState(false);
  const owner = `signatory ${place}`;
  return (
    <div className="signature-field" role="group" aria-label={`Signature of signatory ${place}`}>
      {pending ? (
        <p role="status">The new signature is ready: Save prints it on new certificates.</p>
      ) : url ? (
        <img src={url} alt={`Signature of signatory ${place}`} className="signature-preview" />
      ) : (
        <p className="muted">No signature: the name is printed on its line.</p>
      )}
      {open ? (
        <FileUpload
          owner={owner}
          what="image"
          accept="image/png,image/jpeg,image/webp"
          replacing={url !== null || pending}
          target={owner}
          onReady={(id) => {
            onUpload(id);
            return Promise.resolve(true);
          }}
          onClose={() => setOpen(false)}
        />
      ) : (
        <div className="row-actions">
          <Button variant="ghost" label={url || pending ? 'Replace signature' : 'Upload signature'} aria-label={`${url || pending ? 'Replace' : 'Upload'} signature of signatory ${place}`} onClick={() => setOpen(true)} />
          {(url || pending) && <Button variant="ghost" label="Remove signature" aria-label={`Remove signature of signatory ${place}`} onClick={onRemove} />}
        </div>
      )}
    </div>
  );
}
