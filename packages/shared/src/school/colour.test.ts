import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, DARK_PAGE_BACKGROUND, darkLinkColour, mixWithWhite, readableTextOn, relativeLuminance, schoolColourProblem } from './colour';

describe('contrast', () => {
  it("follows WCAG's definitions", () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    // WebAIM's checker: #1d4ed8 on white is 6.70:1, #767676 on white 4.54:1.
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(6.7, 1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it("mixes with white as CSS's color-mix in srgb does", () => {
    expect(mixWithWhite('#000000', 0.45)).toBe('#8c8c8c');
    expect(mixWithWhite('#1d4ed8', 1)).toBe('#1d4ed8');
    expect(mixWithWhite('#1d4ed8', 0)).toBe('#ffffff');
  });
});

describe('schoolColourProblem', () => {
  it('takes the demo schools’ colours and refuses light ones with the measured ratio', () => {
    expect(schoolColourProblem('#1d4ed8')).toBeNull();
    expect(schoolColourProblem('#b91c1c')).toBeNull();
    expect(schoolColourProblem('#fde047')).toBe(
      'This colour is too light: white text on it and links in it on the page would have a contrast of 1.2:1, and WCAG AA asks for 4.5:1. Choose a darker shade.',
    );
    // Just under and just over the line.
    expect(schoolColourProblem('#737373')).toBeNull();
    expect(schoolColourProblem('#747474')).toMatch(/contrast of 4\.4:1/);
    expect(schoolColourProblem('#808080')).toMatch(/contrast of 3\.7:1/);
  });

  it('refuses what is not #rrggbb', () => {
    for (const value of ['blue', '#12345', '#1234567', '1d4ed8', '#ggg000', '']) expect(schoolColourProblem(value)).toMatch(/six hexadecimal digits/);
  });

  it('needs no dark-theme check: its links read on the dark page whatever the colour', () => {
    const shades = [...Array(256).keys()].map((v) => `#${v.toString(16).padStart(2, '0').repeat(3)}`);
    const primaries = ['#ff0000', '#00ff00', '#0000ff', '#800000', '#000080', '#4b0082', '#1d4ed8'];
    for (const colour of [...shades, ...primaries]) expect(contrastRatio(darkLinkColour(colour), DARK_PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
});

describe('readableTextOn', () => {
  it('picks white on dark brand colours and black on light ones', () => {
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    expect(readableTextOn('#b91c1c')).toBe('#ffffff');
    expect(readableTextOn('#fde047')).toBe('#000000');
    expect(readableTextOn('#fff')).toBe('#000000');
    expect(readableTextOn('not-a-colour')).toBe('#ffffff');
  });
});
