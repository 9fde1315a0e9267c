import { useEffect, useId, useRef, useState } from 'react';
import { kycMessages, SELFIE_SIZE } from '@school/shared/kyc/rules';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { errorDetail } from '@/lib/api-error';
import { captureFrame } from '@/lib/capture-frame';
import { cameraProblems, useCamera } from '@/lib/use-camera';
import { useSelfieCheck } from '../api/snapshot-calls';

const FACING_USER = { facingMode: 'user', width: { ideal: SELFIE_SIZE.width }, height: { ideal: SELFIE_SIZE.height } };

/**
 * 'Identity verification' before a verified student's snapshot session (spec 2 §4 the lobby, §8): the live camera,
 * mirrored as a mirror is; 'Take selfie' keeps a 1280x720 mirrored frame (spec 1 §9; a smaller camera's picture
 * is cropped to fill it) and the server compares it with the verified selfie. Its refusal shows under the photo
 * with Retake; a match, with Proceed. It blocks: closing it leaves the course. The camera is this modal's own,
 * turned off when it goes (useCamera), so that the snapshot session opens its 640x480 one.
 */
export function IdentityLobby({ onProceed, onExit }: { onProceed: () => void; onExit: () => void }) {
  const { stream, problem, opening, open } = useCamera(FACING_USER);
  const video = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const check = useSelfieCheck();
  const resultId = useId();

  useEffect(() => {
    void open();
  }, [open]);

  useEffect(() => {
    const element = video.current;
    setLive(false);
    if (!element || !stream) return;
    element.srcObject = stream;
    element.play().catch(() => undefined);
  }, [stream]);

  function take() {
    if (!video.current) return;
    const image = captureFrame(video.current, SELFIE_SIZE, { mirrored: true });
    setPhoto(image);
    check.mutate(image);
  }

  function retake() {
    check.reset();
    setPhoto(null);
  }

  // The button that replaces the one pressed (a new element, by its key) takes the focus, Take selfie after Retake
  // too; a result's button reads the result with its name.
  const result = { autoFocus: true, 'aria-describedby': resultId };
  return (
    <Modal open title="Identity verification" onClose={onExit}>
      <div className="identity-lobby">
        <p>Before you start, take a selfie to confirm that you are the one taking this course. Face the camera alone, in good light, without a cap or sunglasses.</p>
        <video ref={video} className="identity-lobby-picture" muted playsInline aria-label="Camera preview" hidden={photo !== null} onPlaying={() => setLive(true)} />
        {photo && <img src={photo} alt="Your selfie" className="identity-lobby-picture" />}
        <div id={resultId} role="status">
          {check.isError && <p className="banner banner-error">{errorDetail(check.error) ?? kycMessages.selfieUploadFailed}</p>}
          {check.isSuccess && <p className="banner banner-success">{kycMessages.lobbyReady}</p>}
        </div>
        {problem && (
          <p className="banner banner-error" role="alert">
            {cameraProblems[problem]}
          </p>
        )}
        <div className="response-actions">
          <Button label="Exit" variant="ghost" onClick={onExit} />
          {check.isSuccess ? (
            <Button key="proceed" label="Proceed" onClick={onProceed} {...result} />
          ) : check.isError ? (
            <Button key="retake" label="Retake" onClick={retake} {...result} />
          ) : problem ? (
            <Button key="again" label="Try Again" busy={opening} onClick={() => void open()} />
          ) : (
            <Button key="take" label="Take selfie" busy={check.isPending} disabled={!live} autoFocus onClick={take} />
          )}
        </div>
      </div>
    </Modal>
  );
}
