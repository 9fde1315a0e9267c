import { useEffect, useState } from 'react';
import { profileMessages } from '@school/shared/account/messages';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { ResponseModal } from '@/components/response-modal';
import { useUploadPhoto } from '../api/account-calls';
import { uploadError } from '../api/upload-error';

const ACCEPTED = /\.(png|jpe?g)$/i;

/** 'Update Profile Photo': PNG or JPEG, 'Upload Photo' enabled once a file is chosen (spec 1 §2). */
export function PhotoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const upload = useUploadPhoto();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function close() {
    setFile(null);
    setError(null);
    onClose();
  }

  async function submit() {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync(file);
      close();
      setDone(true);
    } catch (failure) {
      setError(uploadError(failure));
    }
  }

  return (
    <>
      <Modal open={open} onClose={close} title="Update Profile Photo">
        <div className="photo-form">
          {preview && <img src={preview} alt="Chosen photo" className="photo-preview" />}
          <label className="field">
            <span>Photo (PNG or JPEG)</span>
            <input
              type="file"
              accept=".png,.jpg,.jpeg"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setError(chosen && !ACCEPTED.test(chosen.name) ? 'Choose a .png, .jpg or .jpeg file.' : null);
                setFile(chosen && ACCEPTED.test(chosen.name) ? chosen : null);
              }}
            />
          </label>
          {error && (
            <p className="banner banner-error" role="alert">
              {error}
            </p>
          )}
          <Button label="Upload Photo" disabled={!file} busy={upload.isPending} onClick={submit} />
        </div>
      </Modal>
      <ResponseModal open={done} type="success" title={profileMessages.photoUpdated} onClose={() => setDone(false)} />
    </>
  );
}
