/**
 * The video's current frame as a JPEG data URL of exactly `size`, cropped to fill it (the middle is kept) and, for
 * a camera facing the user, mirrored as the user saw it on screen.
 */
export function captureFrame(video: HTMLVideoElement, size: { width: number; height: number }, options: { mirrored: boolean; quality?: number }): string {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context || !video.videoWidth) throw new Error('no frame to capture');
  const scale = Math.max(size.width / video.videoWidth, size.height / video.videoHeight);
  const width = video.videoWidth * scale;
  const height = video.videoHeight * scale;
  if (options.mirrored) {
    context.translate(size.width, 0);
    context.scale(-1, 1);
  }
  context.drawImage(video, (size.width - width) / 2, (size.height - height) / 2, width, height);
  return canvas.toDataURL('image/jpeg', options.quality ?? 0.9);
}
