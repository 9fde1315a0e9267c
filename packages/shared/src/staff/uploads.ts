import { z } from 'zod';
import type { LessonType } from './courses';

/** What an upload is, from its first bytes: the lesson types each kind can fill. */
export const UPLOAD_KINDS = ['video', 'audio', 'pdf', 'image'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** receiving: bytes still coming; processing: the probe job is reading it; ready: usable; failed: refused. */
export const UPLOAD_STATES = ['receiving', 'processing', 'ready', 'failed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** The types a file's first bytes may say, by kind; anything else is refused. */
export const uploadMimeKinds: Record<string, UploadKind> = {
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/quicktime': 'video',
  'video/x-matroska': 'video',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/x-m4a': 'audio',
  'audio/aac': 'audio',
  'audio/ogg': 'audio',
  'audio/opus': 'audio',
  'audio/wav': 'audio',
  'audio/x-wav': 'audio',
  'audio/flac': 'audio',
  'audio/x-flac': 'audio',
  'application/pdf': 'pdf',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
};

/** The file a lesson type takes from an upload. */
export const lessonUploadKind: Partial<Record<LessonType, UploadKind>> = { video: 'video', ivideo: 'video', audio: 'audio', pdf: 'pdf' };

/** A kind of file in words, for messages: "a video". */
export const kindWords: Record<UploadKind, string> = { video: 'a video', audio: 'an audio file', pdf: 'a PDF', image: 'an image' };

/** Bytes in the decimal unit a person reads: 1_500_000_000 → "1.5 GB". */
export function formatBytes(bytes: number) {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

export const uploadMessages = {
  noLength: 'Say how long the file is (Upload-Length, more than 0 bytes): uploads of unknown length or empty ones are not taken.',
  filename: 'Name the file in Upload-Metadata (filename).',
  tooLarge: (limit: number) => `This file is larger than the school's limit of ${formatBytes(limit)} per file.`,
  quota: (quota: number) => `The school's files would pass its total of ${formatBytes(quota)}: delete unused lessons' files or ask the platform for more room.`,
  notMedia: 'This file is not a video, an audio file, a PDF or an image the platform can use.',
  unreadable: 'The file could not be read as the video or audio it claims to be.',
  imageUnreadable: 'The image could not be read.',
  wrongKind: (lesson: LessonType, kind: UploadKind | null) =>
    `${lesson === 'pdf' ? 'A PDF' : lesson === 'audio' ? 'An audio' : lesson === 'ivideo' ? 'An interactive video' : 'A video'} lesson needs ${kindWords[lessonUploadKind[lesson]!]}${kind ? `; this file is ${kindWords[kind]}` : ''}.`,
  notReady: 'The file is still being processed: wait until it is ready.',
  /** "The course image needs an image; this file is a video." */
  needs: (what: string, wanted: UploadKind, kind: UploadKind | null) => `${what} needs ${kindWords[wanted]}${kind ? `; this file is ${kindWords[kind]}` : ''}.`,
  failed: 'This upload was refused: send another file.',
  unknown: 'This upload does not exist or has been removed: send the file again.',
  noFileForType: 'Only video, audio, PDF and interactive video lessons take a file.',
} as const;

/** GET /staff/uploads/{id}/: where an upload stands and what the probe found. */
export const uploadStatusSchema = z.object({
  id: z.string(),
  state: z.enum(UPLOAD_STATES),
  kind: z.enum(UPLOAD_KINDS).nullable(),
  filename: z.string(),
  bytes: z.number(),
  media_seconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  poster: z.string().nullable().describe("a video's poster frame (public address)"),
  problem: z.string().nullable().describe('why the file was refused (state failed)'),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

export const uploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'Not an upload id.');
