import { useState } from 'react';
import { Modal } from '@/components/modal';

/** 'How To' opens the school's video in a modal (spec 1 §2). */
export function HowToButton({ videoUrl }: { videoUrl: string }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={() => setOpen(true)}>
        How To
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="How To" size="lg">
        {failed ? (
          <p className="banner banner-error" role="alert">
            Unable to load media
          </p>
        ) : (
          <video
            className="how-to-video"
            src={videoUrl}
            controls
            preload="metadata"
            onError={() => setFailed(true)}
            onLoadedMetadata={(event) => (event.currentTarget.volume = 0.8)}
          />
        )}
      </Modal>
    </>
  );
}
