/**
 * Faces in an image and how alike two of them are, for identity verification: the face on an ID against the
 * selfie, and study snapshots against the verified selfie. Keep the embeddings, not the photos, where you can:
 * they are enough to match later.
 */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedFace {
  /** In the pixels of the image as sent (turned upright by its EXIF orientation). */
  box: FaceBox;
  /** Detection confidence in [0, 1]. */
  score: number;
  /** The face's description: compare two with `similarity`. */
  embedding: number[];
}

export interface FaceEngine {
  /**
   * Faces found in an image (JPEG, PNG, GIF or WebP bytes), each with its box, detection score and embedding.
   * Throws UnreadableImage for bytes that are not such an image. Calls queue: one image is examined at a time.
   */
  detect(image: Buffer): Promise<DetectedFace[]>;
  /** Similarity of two embeddings in [0, 1]; the same person when it reaches MATCH_THRESHOLD. */
  similarity(a: number[], b: number[]): number;
  /** Lets go of the models (the server is closing). */
  close(): Promise<void>;
}

/** The bytes are not an image the engine can read: a 400 for whoever sent them. */
export class UnreadableImage extends Error {}

/**
 * Two faces are the same person when their similarity is at least this. Measured on public-domain photos
 * (docs/decisions.md, Identity verification): one face re-encoded, cropped, turned, mirrored, darkened,
 * brightened, blurred or printed on an ID scored 0.79–0.99 against itself; different people at most 0.57, and
 * one pair in 4,753 of tiny (25-pixel) look-alike faces 0.73. Leaning high: a wrong refusal ends in manual
 * verification, a wrong match lets someone else in.
 */
export const MATCH_THRESHOLD = 0.7;

/**
 * Cosine similarity of two embeddings. The model's embeddings have no negative component, so this lies in
 * [0, 1] already; the clamp guards rounding. Embeddings of different lengths come from different models.
 */
export function similarity(a: number[], b: number[]): number {
  if (a.length !== b.length) throw new Error(`embeddings of different lengths (${a.length}, ${b.length})`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  if (normA === 0 || normB === 0) return 0;
  return Math.min(1, Math.max(0, dot / Math.sqrt(normA * normB)));
}

export interface FaceMatch {
  face: DetectedFace;
  similarity: number;
  /** The same person as the reference (similarity >= MATCH_THRESHOLD). */
  same: boolean;
}

/** The face most like the reference embedding, or null when there is no face. */
export function matchOf(faces: DetectedFace[], reference: number[]): FaceMatch | null {
  let best: FaceMatch | null = null;
  for (const face of faces) {
    const score = similarity(face.embedding, reference);
    if (!best || score > best.similarity) best = { face, similarity: score, same: score >= MATCH_THRESHOLD };
  }
  return best;
}
