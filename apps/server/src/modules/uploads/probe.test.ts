import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { posterFrame, probeMedia } from './probe';

const dir = mkdtempSync(path.join(tmpdir(), 'probe-'));
/** A one-second file made by ffmpeg, kept without its extension as storage keeps uploads. */
function made(name: string, args: string[]) {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, file]);
  const bare = path.join(dir, `bare-${name.replace('.', '-')}`);
  copyFileSync(file, bare);
  return bare;
}
const picture = ['-f', 'lavfi', '-i', 'testsrc=d=1:s=64x48', '-pix_fmt', 'yuv420p'];
const sound = ['-f', 'lavfi', '-i', 'sine=d=1'];

describe('probeMedia and posterFrame', () => {
  it('read every kind of file lessons take', async () => {
    for (const [name, args] of [['a.mp4', picture], ['a.mov', picture], ['a.webm', picture], ['a.mp3', sound], ['a.m4a', sound], ['a.aac', sound], ['a.ogg', sound], ['a.wav', sound], ['a.flac', sound]] as const) {
      expect((await probeMedia(made(name, [...args])))?.seconds, name).toBe(1);
    }
    for (const name of ['a.jpg', 'a.png', 'a.webp']) expect(await probeMedia(made(name, ['-f', 'lavfi', '-i', 'testsrc=s=64x48', '-frames:v', '1'])), name).toMatchObject({ width: 64, height: 48 });
    expect(await posterFrame(made('b.mp4', [...picture]), 0.5)).not.toBeNull();
  });

  it('refuse a playlist, which would have ffmpeg open the files it names', async () => {
    // ffmpeg reads this playlist's segment (a .ts file it may open) when nothing limits its formats.
    const segment = path.join(dir, 'segment.ts');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=d=1:s=64x48', segment]);
    const playlist = path.join(dir, 'lesson.m3u8');
    writeFileSync(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${segment}\n#EXT-X-ENDLIST\n`);
    expect(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name', '-of', 'csv=p=0', playlist]).toString().trim()).toBe('hls');
    expect(await probeMedia(playlist)).toBeNull();
    expect(await posterFrame(playlist, 0)).toBeNull();
  });
});
