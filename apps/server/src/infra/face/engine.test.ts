import { describe, expect, it } from 'vitest';
import { matchOf, MATCH_THRESHOLD, similarity, type DetectedFace } from './engine';

const face = (embedding: number[]): DetectedFace => ({ box: { x: 0, y: 0, width: 10, height: 10 }, score: 1, embedding });

describe('similarity', () => {
  it('is 1 for the same direction, whatever the length, and 0 for nothing in common', () => {
    expect(similarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(similarity([1, 0], [0, 1])).toBe(0);
    expect(similarity([0, 0], [1, 1])).toBe(0);
  });

  it('refuses embeddings of different models', () => {
    expect(() => similarity([1, 2], [1, 2, 3])).toThrow(/different lengths/);
  });
});

describe('matchOf', () => {
  it('takes the face most like the reference, and says whether it is the same person', () => {
    const best = face([1, 1, 0]);
    const match = matchOf([face([0, 0, 1]), best], [1, 1, 0.1]);
    expect(match?.face).toBe(best);
    expect(match?.similarity).toBeGreaterThan(MATCH_THRESHOLD);
    expect(match?.same).toBe(true);
    expect(matchOf([face([0, 0, 1])], [1, 1, 0])?.same).toBe(false);
  });

  it('is null without a face', () => {
    expect(matchOf([], [1, 2, 3])).toBeNull();
  });
});
