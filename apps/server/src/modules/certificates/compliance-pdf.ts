import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Compliance } from '@school/shared/certificates/schemas';
import { fonts, hex } from './fonts';

/**
 * The one-page compliance summary a lawyer keeps (A4 portrait): the period, each subject area's units against
 * B.M. No. 850's requirement, and the certificates behind them with their verification codes.
 */
export async function compliancePdf(input: { learner: string; period: string; school: string; colour: string; compliance: Compliance }) {
  const { compliance } = input;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`MCLE compliance summary: ${input.learner}, ${input.period}`);
  const [serif, bold] = await Promise.all([doc.embedFont(fonts.serif, { subset: true }), doc.embedFont(fonts.serifBold, { subset: true })]);
  const page = doc.addPage([595, 842]);
  const ink = rgb(0.12, 0.16, 0.2);
  const colour = hex(input.colour);
  let y = 780;
  const line = (value: string, options: { size?: number; font?: typeof serif; x?: number; color?: ReturnType<typeof rgb> } = {}) => {
    page.drawText(value, { x: options.x ?? 50, y, size: options.size ?? 11, font: options.font ?? serif, color: options.color ?? ink, maxWidth: 495 });
  };
  line('MCLE Compliance Summary', { size: 22, font: bold, color: colour });
  y -= 28;
  line(`${input.learner}  ·  Compliance period ${input.period}`, { size: 13 });
  y -= 18;
  line(`Prepared by ${input.school} on ${new Date().toISOString().slice(0, 10)}`, { size: 10 });
  y -= 34;
  line('Subject area', { font: bold });
  for (const [label, x] of [['Required', 380], ['Earned', 450], ['Missing', 515]] as const) line(label, { font: bold, x });
  y -= 6;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.7, color: ink });
  for (const area of compliance.areas) {
    y -= 18;
    line(area.label, { size: 10 });
    line(String(area.required), { x: 380 });
    line(String(area.earned), { x: 450 });
    line(area.missing ? String(area.missing) : '-', { x: 515, color: area.missing ? rgb(0.7, 0.1, 0.1) : ink });
  }
  y -= 10;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.7, color: ink });
  y -= 18;
  line(`Total counted: ${compliance.counted} of ${compliance.required} units${compliance.complete ? ' (compliant)' : ''}`, { font: bold });
  y -= 36;
  line('Certificates', { size: 14, font: bold, color: colour });
  for (const c of compliance.certificates) {
    y -= 18;
    if (y < 60) break;
    line(`${c.completed_on}  ${c.course} (${c.school}), ${c.units} units, code ${c.code}`, { size: 10 });
  }
  if (compliance.certificates.length === 0) {
    y -= 18;
    line('No certificates in this period yet.', { size: 10 });
  }
  return Buffer.from(await doc.save());
}
