/**
 * The school's colour against the site's fixed colours (WCAG 2.1 contrast). The colour is the light theme's link
 * and accent colour on the page and the background of the hero's white text; buttons print black or white on
 * it, whichever reads better; the dark theme's links mix it with white (global.css: 45 % colour, 55 % white).
 */
export const PAGE_BACKGROUND = '#f8fafc';
export const DARK_PAGE_BACKGROUND = '#0b1120';
/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
const DARK_LINK_SHARE = 0.45;

const HEX = /^#([0-9a-f]{6})$/i;
export const isHexColour = (value: string) => HEX.test(value);

const channelsOf = (hex: string) => {
  const match = HEX.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(match[1]!.slice(i, i + 2), 16));
};

/** WCAG's relative luminance of a #rrggbb colour (0 black … 1 white). */
export function relativeLuminance(hex: string) {
  const [r, g, b] = channelsOf(hex).map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a: string, b: string) {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** What CSS's `color-mix(in srgb, colour share, white)` gives. */
export function mixWithWhite(hex: string, share: number) {
  return `#${channelsOf(hex).map((c) => Math.round(c * share + 255 * (1 - share)).toString(16).padStart(2, '0')).join('')}`;
}

/** The dark theme's link colour for a school colour. */
export const darkLinkColour = (hex: string) => mixWithWhite(hex, DARK_LINK_SHARE);

/** Black or white, whichever reads better on the given background colour. */
export function readableTextOn(hex: string): '#000000' | '#ffffff' {
  const full = /^#[0-9a-f]{3}$/i.test(hex) ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  if (!isHexColour(full)) return '#ffffff';
  return contrastRatio(full, '#000000') > contrastRatio(full, '#ffffff') ? '#000000' : '#ffffff';
}

/** A ratio as people read it: 2.1:1. */
const ratio = (value: number) => `${(Math.floor(value * 10) / 10).toFixed(1)}:1`;

/**
 * Why a colour cannot be the school's, or null. Only the light theme can fail: the dark theme's links are at least
 * 55 % white, which reads on its page whatever the colour (the unit test checks every shade of grey and the
 * primaries), and buttons choose their text.
 */
export function schoolColourProblem(hex: string): string | null {
  if (!isHexColour(hex)) return 'Enter a colour as # and six hexadecimal digits, such as #1d4ed8.';
  const onPage = contrastRatio(hex, PAGE_BACKGROUND);
  if (onPage >= AA_CONTRAST) return null;
  return `This colour is too light: white text on it and links in it on the page would have a contrast of ${ratio(onPage)}, and WCAG AA asks for ${AA_CONTRAST}:1. Choose a darker shade.`;
}
