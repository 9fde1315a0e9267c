import { describe, expect, it } from 'vitest';
import { loneSurrogateMessage, nullCharacterMessage, unstorableText } from './unstorable-text';

const nul = (field: string) => ({ field, message: nullCharacterMessage });
const surrogate = (field: string) => ({ field, message: loneSurrogateMessage });

describe('unstorableText', () => {
  it('names the top-level field that holds a NUL at any depth', () => {
    expect(unstorableText({ username: 'ann\0', password: 'x' })).toEqual(nul('username'));
    expect(unstorableText({ a: 1, tags: ['ok', { deep: ['x\u0000y'] }] })).toEqual(nul('tags'));
    expect(unstorableText({ nested: { 'k\0': 1 } })).toEqual(nul('nested'));
    expect(unstorableText({ 'bad\0key': 1 })).toEqual(nul('badkey'));
    expect(unstorableText('plain\0')).toEqual(nul(''));
  });

  it('names the field that holds half of a surrogate pair, either half, at any depth', () => {
    expect(unstorableText({ answer: '\ud800' })).toEqual(surrogate('answer'));
    expect(unstorableText({ answer: ['ok', 'a\udc00b'] })).toEqual(surrogate('answer'));
    expect(unstorableText({ answer: 'x\udbff' })).toEqual(surrogate('answer'));
    expect(unstorableText({ nested: { '\ud800': 1 } })).toEqual(surrogate('nested'));
    expect(unstorableText('\udfff')).toEqual(surrogate(''));
  });

  it('passes everything else, whole surrogate pairs included', () => {
    for (const value of [null, undefined, 5, true, 'text', '💥 \ud83d\udca5', { a: 'b', c: [1, 'd', { e: null }] }, []]) expect(unstorableText(value)).toBeNull();
  });

  it('walks very deep input without overflowing', () => {
    let deep: unknown = 'end\0';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableText({ field: deep })).toEqual(nul('field'));
  });
});
