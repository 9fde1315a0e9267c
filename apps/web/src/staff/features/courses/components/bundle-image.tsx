import { useState } from 'react';
import { Button } from '@/components/button';
import { FileUpload } from '../../../components/file-upload';

interface Props {
  /** The saved image's address. */
  current: string | null;
  /** What Save will do: an upload's id (a new image), null (no image), or undefined (keep it). */
  chosen: string | null | undefined;
  onChange: (value: string | null | undefined) => void;
  error?: string;
}

/** The bundle's image: a new one uploaded (public once the bundle is saved), or the one it has taken away. */
export function BundleImage({ current, chosen, onChange, error }: Props) {
  const [uploading, setUploading] = useState(false);
  const shown = chosen === undefined ? current : null;
  return (
    <section aria-label="Bundle image" className="question-card course-media-slot">
      <h2>Bundle image</h2>
      {shown ? <img src={shown} alt="The bundle image" className="course-media-preview" /> : chosen ? <p>A new image is ready: Save bundle to use it.</p> : <p className="muted">{chosen === null && current ? 'The image goes when you save.' : 'None yet.'}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {uploading ? (
        <FileUpload
          owner="the bundle"
          what="image"
          accept="image/jpeg,image/png,image/webp"
          replacing={current !== null}
          target="the bundle"
          onReady={async (id) => {
            onChange(id);
            return true;
          }}
          onClose={() => setUploading(false)}
        />
      ) : (
        <div className="row-actions">
          <Button variant="ghost" label={current || chosen ? 'Replace image' : 'Upload image'} onClick={() => setUploading(true)} />
          {(current || chosen) && chosen !== null && <Button variant="ghost" label="Remove image" onClick={() => onChange(null)} />}
          {chosen !== undefined && current && <Button variant="ghost" label="Keep the saved image" onClick={() => onChange(undefined)} />}
        </div>
      )}
    </section>
  );
}
