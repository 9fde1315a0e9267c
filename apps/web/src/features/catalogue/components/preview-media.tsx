import { useState } from 'react';

/** A course preview: a YouTube embed ('yt') or our own video, with the player's failure text. */
export function PreviewMedia({ video, title }: { video: { type: string; url: string }; title: string }) {
  const [failed, setFailed] = useState(false);
  if (video.type === 'yt') {
    return <iframe className="preview-frame" src={video.url} title={`${title} preview`} allow="encrypted-media; picture-in-picture" allowFullScreen loading="lazy" />;
  }
  if (failed) return <p className="banner banner-error">Unable to load media</p>;
  return <video className="preview-video" src={video.url} controls preload="metadata" aria-label={`${title} preview`} onError={() => setFailed(true)} onLoadedMetadata={(e) => (e.currentTarget.volume = 0.8)} />;
}
