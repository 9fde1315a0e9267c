import { describe, expect, it } from 'vitest';
import { fieldWithNullCharacter } from './null-characters';

describe('fieldWithNullCharacter', () => {
  it('names the top-level field that holds a NUL at any depth', () => {
    expect(fieldWithNullCharacter({ username: 'ann\0', password: 'x' })).toBe('username');
    expect(fieldWithNullCharacter({ a: 1, tags: ['ok', { deep: ['x\u0000y'] }] })).toBe('tags');
    expect(fieldWithNullCharacter({ nested: { 'k\0': 1 } })).toBe('nested');
    expect(fieldWithNullCharacter({ 'bad\0key': 1 })).toBe('badkey');
    expect(fieldWithNullCharacter('plain\0')).toBe('');
  });

  it('passes everything else', () => {
    for (const value of [null, undefined, 5, true, 'text', { a: 'b', c: [1, 'd', { e: null }] }, []]) expect(fieldWithNullCharacter(value)).toBeNull();
  });

  it('walks very deep input without overflowing', () => {
    let deep: unknown = 'end\0';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(fieldWithNullCharacter({ field: deep })).toBe('field');
  });
});
