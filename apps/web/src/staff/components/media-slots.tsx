import { useState } from 'react';
import { Button } from '@/components/button';
import { FileUpload } from './file-upload';

export interface MediaSlot {
  /** The field a save sends: "image_upload", "logo_upload". */
  field: string;
  kind: 'image' | 'video';
  /** The region's heading: "Course image", "Logo". */
  title: string;
  accept: string;
  /** The file's address now, or null. */
  current: string | null;
  /** The shown file's accessible name: "The course image". */
  alt: string;
}

interface Props {
  slots: MediaSlot[];
  /** Whose files they are: "the course", "the school". */
  owner: string;
  canEdit: boolean;
  busy: boolean;
  /** Saves an upload as the slot's file (null: takes it away); true once saved. */
  onSave: (slot: MediaSlot, upload: string | null) => Promise<boolean>;
}

/**
 * Public files of a record (a course's image, a school's logo): each uploaded through the upload pipeline and saved
 * at once, apart from the form's Save, since they are shown to the public as soon as they are the record's.
 */
export function MediaSlots({ slots, owner, canEdit, busy, onSave }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="course-media">
      {slots.map((slot) => {
        const { field, kind, title, accept, current, alt } = slot;
        return (
          <section key={field} aria-label={title} className="question-card">
            <h3>{title}</h3>
            {current ? (
              kind === 'image' ? <img src={current} alt={alt} className="course-media-preview" /> : <video src={current} controls preload="metadata" className="course-media-preview" aria-label={alt} />
            ) : (
              <p className="muted">None yet.</p>
            )}
            {open === field ? (
              <FileUpload owner={owner} what={kind} accept={accept} replacing={current !== null} target={owner} onReady={(id) => onSave(slot, id)} onClose={() => setOpen(null)} />
            ) : (
              canEdit && (
                <div className="row-actions">
                  <Button variant="ghost" label={current ? `Replace ${kind}` : `Upload ${kind}`} onClick={() => setOpen(field)} />
                  {current && <Button variant="ghost" label={`Remove ${kind}`} busy={busy} onClick={() => void onSave(slot, null)} />}
                </div>
              )
            )}
          </section>
        );
      })}
    </div>
  );
}
