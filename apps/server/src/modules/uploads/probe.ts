import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { uploadMimeKinds, type UploadKind } from '@school/shared/staff/uploads';

const run = promisify(execFile);

/** Enough of a file's start for every signature file-type knows. */
export const SNIFF_BYTES = 4100;

/** What a file's first bytes say it is, when it is something lessons use; the name and declared type count for nothing. */
export async function sniff(head: Buffer): Promise<{ mime: string; kind: UploadKind; ext: string } | null> {
  const type = await fileTypeFromBuffer(head);
  const kind = type ? uploadMimeKinds[type.mime] : undefined;
  return type && kind ? { mime: type.mime, kind, ext: type.ext } : null;
}

export interface MediaFacts {
  seconds: number | null;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

interface ProbeOutput {
  format?: { duration?: string };
  streams?: { codec_type?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }[];
}

/** The demuxers of the files lessons take (uploadMimeKinds): MP4/MOV/M4A, WebM/MKV, MP3, AAC, Ogg, WAV, FLAC, images. */
const DEMUXERS = 'mov,matroska,mp3,aac,ogg,wav,flac,jpeg_pipe,png_pipe,webp_pipe';

/**
 * How ffmpeg may read a source: only as one of those formats (never a playlist or a concat list, which name
 * other files and addresses), and only through the source's own protocol (a path, or the storage's signed
 * address), so a crafted file can reach nothing else on the server or its network.
 */
function inputLimits(source: string) {
  const protocols = source.startsWith('https://') ? 'https,tls,tcp' : source.startsWith('http://') ? 'http,tcp' : 'file';
  return ['-protocol_whitelist', protocols, '-format_whitelist', DEMUXERS];
}

/** ffprobe's account of a media file (a path or an address); null when it cannot read it as media. */
export async function probeMedia(source: string): Promise<MediaFacts | null> {
  let stdout: string;
  try {
    ({ stdout } = await run('ffprobe', ['-v', 'error', ...inputLimits(source), '-show_format', '-show_streams', '-of', 'json', source], { timeout: 120_000, maxBuffer: 4 * 1024 * 1024 }));
  } catch (error) {
    // A missing ffprobe is the server's fault, not the file's: the job fails and is retried.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return null;
  }
  const output = JSON.parse(stdout) as ProbeOutput;
  const streams = output.streams ?? [];
  // An MP3's cover picture is a video stream ffprobe marks as attached: it does not make the file a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const duration = Number(output.format?.duration);
  return {
    seconds: Number.isFinite(duration) && duration > 0 ? Math.max(1, Math.round(duration)) : null,
    width: video?.width ?? null,
    height: video?.height ?? null,
    hasVideo: Boolean(video),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/** A JPEG of the frame at `second` (at most 1280 px wide), or null when ffmpeg cannot make one. */
export async function posterFrame(source: string, second: number): Promise<Buffer | null> {
  try {
    const { stdout } = await run(
      'ffmpeg',
      // -nostdin: ffmpeg otherwise reads its standard input for keystrokes and can wait there for good.
      ['-nostdin', '-v', 'error', ...inputLimits(source), '-ss', String(second), '-i', source, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '4', 'pipe:1'],
      { encoding: 'buffer', timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
    );
    return stdout.length > 0 ? stdout : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return null;
  }
}
