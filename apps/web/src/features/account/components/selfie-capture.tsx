import { useEffect, useId, useRef, useState } from 'react';
import { SELFIE_SIZE } from '@school/shared/kyc/rules';
import { Button } from '@/components/button';
import { captureFrame } from '@/lib/capture-frame';
import { cameraProblems, useCamera } from '@/lib/use-camera';
import { KycErrorList } from './kyc-error-list';

const FACING_USER = { facingMode: 'user', width: { ideal: SELFIE_SIZE.width }, height: { ideal: SELFIE_SIZE.height } };

/**
 * The selfie step (spec 1 §4, §9): the webcam opens and closes; 'Snapshot' pauses the live picture and keeps that
 * frame (1280x720 JPEG, mirrored as the user sees it), 'Retake' resumes it.
 */
export function SelfieCapture({ selfie, onSelfie, errors }: { selfie: string | null; onSelfie: (selfie: string | null) => void; errors: string[] | undefined }) {
  const camera = useCamera(FACING_USER);
  const video = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState(false);
  const errorsId = `${useId()}-errors`;

  useEffect(() => {
    const element = video.current;
    setLive(false);
    if (!element || !camera.stream) return;
    element.srcObject = camera.stream;
    // A browser that refuses to play without a gesture plays on the next click ('Retake').
    element.play().catch(() => undefined);
  }, [camera.stream]);

  function snapshot() {
    if (!video.current) return;
    onSelfie(captureFrame(video.current, SELFIE_SIZE, { mirrored: true }));
    video.current.pause();
  }

  function retake() {
    onSelfie(null);
    if (video.current && camera.stream) video.current.play().catch(() => undefined);
    else void camera.open();
  }

  return (
    <fieldset className={`kyc-card kyc-selfie ${errors?.length ? 'has-error' : ''}`} aria-describedby={errors?.length ? errorsId : undefined}>
      <legend>Selfie</legend>
      <p className="muted">Face the camera alone, in good light, without a cap or sunglasses. Your face must match the photo on your ID.</p>
      {camera.stream ? (
        <video ref={video} className="kyc-video" muted playsInline aria-label="Camera preview" onPlaying={() => setLive(true)} />
      ) : (
        selfie && <img src={selfie} alt="Your selfie" className="kyc-photo" />
      )}
      <div className="kyc-camera-actions">
        {camera.stream ? (
          <>
            {selfie ? <Button label="Retake" onClick={retake} /> : <Button label="Snapshot" disabled={!live} onClick={snapshot} />}
            <Button label="Close Camera" variant="ghost" onClick={camera.close} />
          </>
        ) : selfie ? (
          <Button label="Retake" busy={camera.opening} onClick={retake} />
        ) : (
          <Button label="Open Camera" busy={camera.opening} onClick={() => void camera.open()} />
        )}
      </div>
      <p className="visually-hidden" role="status">
        {selfie ? 'Selfie taken.' : ''}
      </p>
      {camera.problem && (
        <p className="banner banner-error" role="alert">
          {cameraProblems[camera.problem]}
        </p>
      )}
      <KycErrorList id={errorsId} errors={errors} />
    </fieldset>
  );
}
