import { useState, type ImgHTMLAttributes } from 'react';

const FALLBACK = '/default-image.svg';

/** An image that falls back to the default picture when it cannot load (spec 1 §2). */
export function Image({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failed, setFailed] = useState(false);
  return <img src={failed || !src ? FALLBACK : src} alt={alt} onError={() => setFailed(true)} {...rest} />;
}
