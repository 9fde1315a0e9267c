import { KYC_IMAGE_MAX_BYTES, kycMessages } from '@school/shared/kyc/rules';

/** The picker lists PNG and JPEG; the check also lets a GIF through (spec 1 §5). */
const IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'];
const TOO_LARGE = `The image is larger than ${KYC_IMAGE_MAX_BYTES / 1024 / 1024} MB. Choose a smaller photo of the ID.`;

const dataUrlOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/** A chosen ID photo as the upload sends it (a data URL), or why it cannot be sent. */
export async function readIdImage(file: File): Promise<{ image: string } | { error: string }> {
  if (!IMAGE_TYPES.includes(file.type)) return { error: kycMessages.invalidImage };
  if (file.size > KYC_IMAGE_MAX_BYTES) return { error: TOO_LARGE };
  try {
    return { image: await dataUrlOf(file) };
  } catch {
    return { error: kycMessages.invalidImage };
  }
}
