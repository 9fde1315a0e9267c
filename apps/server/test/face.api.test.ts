import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchOf, MATCH_THRESHOLD, UnreadableImage, type DetectedFace } from '../src/infra/face/engine';
import { humanFaceEngine } from '../src/infra/face/human';

/**
 * The real face engine (human's models on the WASM backend, in its worker thread) on public-domain photos, see
 * fixtures/faces/README.md. Timings are printed for docs/decisions.md, never asserted.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/faces/${name}`, import.meta.url));
const astronaut = fixture('astronaut.jpg');
const hopper = fixture('hopper.jpg');
const coffee = fixture('coffee.jpg');

const engine = humanFaceEngine();
let reference: DetectedFace;

async function timed(label: string, image: Buffer) {
  const started = performance.now();
  const faces = await engine.detect(image);
  console.log(`face engine: ${label}: ${faces.length} face(s) in ${Math.round(performance.now() - started)} ms`);
  return faces;
}

beforeAll(async () => {
  [reference] = await timed('first detection, loading the models (astronaut)', astronaut);
});
afterAll(() => engine.close());

describe('detecting faces', () => {
  it('finds the one face on the astronaut photo, with its box, score and embedding', async () => {
    const faces = await timed('astronaut', astronaut);
    expect(faces).toHaveLength(1);
    const { box, score, embedding } = faces[0]!;
    // Her face is about 145 pixels wide, left of the middle, in the upper half of the 512 x 512 photo.
    expect(box.x).toBeGreaterThan(100);
    expect(box.x + box.width).toBeLessThan(350);
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(260);
    expect(box.width).toBeGreaterThan(100);
    expect(score).toBeGreaterThan(0.5);
    expect(embedding.length).toBeGreaterThan(0);
  });

  it('finds no face on a photo of a coffee cup', async () => {
    expect(await timed('coffee cup', coffee)).toEqual([]);
  });

  it('finds both faces when the photo stands twice side by side', async () => {
    const twice = await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#808080' } })
      .composite([
        { input: astronaut, left: 0, top: 0 },
        { input: astronaut, left: 512, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    const faces = await timed('astronaut twice', twice);
    expect(faces).toHaveLength(2);
    expect(faces.map((f) => f.box.x < 512).sort()).toEqual([false, true]);
  });

  it('gives boxes in the pixels of the image as sent, however large (it examines them at 1600 pixels)', async () => {
    const large = await sharp(astronaut).resize(2048, 2048).jpeg().toBuffer();
    const [face] = await timed('astronaut at 2048 x 2048', large);
    expect(face!.box.x / reference.box.x).toBeCloseTo(4, 0);
    expect(face!.box.width / reference.box.width).toBeCloseTo(4, 0);
  });

  it('refuses what is not a JPEG, PNG, GIF or WebP image with UnreadableImage', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    for (const bytes of [Buffer.from('not an image at all'), Buffer.alloc(0), astronaut.subarray(0, astronaut.length / 2), svg]) {
      await expect(engine.detect(bytes)).rejects.toBeInstanceOf(UnreadableImage);
    }
    // The engine goes on after a refusal.
    expect(await engine.detect(astronaut)).toHaveLength(1);
  });

  it('examines 20 images sent at once, one after another, and answers each', { timeout: 120_000 }, async () => {
    const images = Array.from({ length: 20 }, (_, i) => [astronaut, hopper, coffee][i % 3]!);
    const started = performance.now();
    const results = await Promise.all(images.map((image) => engine.detect(image)));
    const elapsed = performance.now() - started;
    console.log(`face engine: 20 concurrent detections in ${Math.round(elapsed)} ms (${Math.round(elapsed / 20)} ms each)`);
    expect(results.map((faces) => faces.length)).toEqual(images.map((image) => (image === coffee ? 0 : 1)));
  });
});

describe('matching faces', () => {
  /** The astronaut as a selfie camera, a phone or an upload might change her. */
  const variants: [string, () => Promise<Buffer>][] = [
    ['mirrored (a selfie)', () => sharp(astronaut).flop().jpeg().toBuffer()],
    ['re-encoded at JPEG quality 40', () => sharp(astronaut).jpeg({ quality: 40 }).toBuffer()],
    ['cropped to her head', () => sharp(astronaut).extract({ left: 90, top: 0, width: 270, height: 260 }).png().toBuffer()],
    ['turned 10 degrees', () => sharp(astronaut).rotate(10, { background: '#808080' }).jpeg().toBuffer()],
    ['darker', () => sharp(astronaut).modulate({ brightness: 0.7 }).jpeg().toBuffer()],
    ['in grey', () => sharp(astronaut).greyscale().jpeg().toBuffer()],
  ];

  it.each(variants)('knows the astronaut %s as the same person', async (label, make) => {
    const faces = await timed(`astronaut ${label}`, await make());
    const match = matchOf(faces, reference.embedding);
    console.log(`face engine: similarity of the astronaut and the astronaut ${label}: ${match?.similarity.toFixed(3)}`);
    expect(match?.similarity).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(match?.same).toBe(true);
  });

  it('tells the astronaut from Grace Hopper', async () => {
    const faces = await timed('Grace Hopper', hopper);
    expect(faces).toHaveLength(1);
    const score = engine.similarity(reference.embedding, faces[0]!.embedding);
    console.log(`face engine: similarity of the astronaut and Grace Hopper: ${score.toFixed(3)}`);
    expect(score).toBeLessThan(MATCH_THRESHOLD);
    expect(matchOf(faces, reference.embedding)?.same).toBe(false);
  });
});
