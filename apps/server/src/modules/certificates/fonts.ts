import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rgb } from 'pdf-lib';

/** Fonts shipped in the repository (SIL OFL 1.1, assets/fonts/OFL.txt), so every machine draws the same pixels. */
const fontDir = path.resolve(import.meta.dirname, '../../../assets/fonts');
const font = (file: string) => readFileSync(path.join(fontDir, file));
export const fonts = { serif: font('LiberationSerif-Regular.ttf'), serifBold: font('LiberationSerif-Bold.ttf'), sans: font('LiberationSans-Regular.ttf') };

/** The school's colour (#rrggbb) for pdf-lib. */
export const hex = (colour: string) => {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  return m ? rgb(parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255) : rgb(0.1, 0.3, 0.6);
};
