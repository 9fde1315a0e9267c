import { describe, expect, it } from 'vitest';
import { formatBytes, lessonUploadKind, uploadIdSchema, uploadMessages } from './uploads';

describe('uploads', () => {
  it('writes sizes in decimal units, as file managers and the limits in the docs do', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1000)).toBe('1 KB');
    expect(formatBytes(1_500_000_000)).toBe('1.5 GB');
    expect(formatBytes(10_000_000_000)).toBe('10 GB');
    expect(formatBytes(500_000_000_000)).toBe('500 GB');
  });

  it('says which file each lesson type takes, in words', () => {
    expect(lessonUploadKind).toEqual({ video: 'video', ivideo: 'video', audio: 'audio', pdf: 'pdf' });
    expect(uploadMessages.wrongKind('video', 'audio')).toBe('A video lesson needs a video; this file is an audio file.');
    expect(uploadMessages.wrongKind('pdf', 'image')).toBe('A PDF lesson needs a PDF; this file is an image.');
    expect(uploadMessages.wrongKind('ivideo', null)).toBe('An interactive video lesson needs a video.');
    expect(uploadMessages.tooLarge(10_000_000_000)).toBe("This file is larger than the school's limit of 10 GB per file.");
  });

  it('takes only the 32 hex digits the server names uploads with', () => {
    expect(uploadIdSchema.safeParse('0123456789abcdef0123456789abcdef').success).toBe(true);
    for (const bad of ['0123456789ABCDEF0123456789ABCDEF', '../uploads', '0123', `${'a'.repeat(32)}/x`]) expect(uploadIdSchema.safeParse(bad).success).toBe(false);
  });
});
