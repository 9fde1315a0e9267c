import { describe, expect, it } from 'vitest';
import { readableTextOn } from './theme';

describe('readableTextOn', () => {
  it('picks white on dark brand colours and black on light ones', () => {
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    expect(readableTextOn('#b91c1c')).toBe('#ffffff');
    expect(readableTextOn('#fde047')).toBe('#000000');
    expect(readableTextOn('#fff')).toBe('#000000');
    expect(readableTextOn('not-a-colour')).toBe('#ffffff');
  });
});
