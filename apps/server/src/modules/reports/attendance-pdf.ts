import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { MCLE_AREAS } from '@school/shared/certificates/mcle';
import { todayIn } from '@school/shared/school/dates';
import { fonts, hex } from '../certificates/fonts';
import type { SchoolRow } from '../tenancy/repository';
import type { AttendanceRow } from './attendance';

/** Short names of the subject areas, for the units column of a landscape page. */
const AREA_SHORT: Record<string, string> = {
  legal_ethics: 'Ethics',
  trial_skills: 'Trial',
  adr: 'ADR',
  updates: 'Updates',
  legal_writing: 'Writing',
  international: 'Intl',
  others: 'Others',
};

const WIDTH = 842;
const HEIGHT = 595;
const MARGIN = 36;
const ROW = 16;
const SIZE = 8.5;
/** Each column's heading, width and how a row fills it. */
const COLUMNS: { heading: string; width: number; cell: (r: AttendanceRow, i: number) => string }[] = [
  { heading: '#', width: 22, cell: (_r, i) => String(i + 1) },
  { heading: 'Name', width: 150, cell: (r) => String(r.Name) },
  { heading: 'Roll no.', width: 48, cell: (r) => String(r['Roll number']) },
  { heading: 'IBP chapter', width: 80, cell: (r) => String(r['IBP chapter']) },
  { heading: 'Completed', width: 56, cell: (r) => String(r.Completed) },
  { heading: 'Certificate', width: 112, cell: (r) => String(r.Certificate) },
  { heading: 'Units', width: 30, cell: (r) => String(r['Total units']) },
  {
    heading: 'By area',
    width: 136,
    cell: (r) =>
      MCLE_AREAS.filter((a) => Number(r[a.label]) > 0)
        .map((a) => `${AREA_SHORT[a.key]} ${r[a.label]}`)
        .join(', '),
  },
  { heading: 'Identity evidence', width: 136, cell: (r) => `${String(r['Identity check']).split(' ')[0] || 'none'}; ${r.Snapshots} snapshots, ${r['Snapshots flagged']} flagged` },
];

/** The text cut to the width, with an ellipsis when it was longer. */
function fit(text: string, font: PDFFont, width: number) {
  if (font.widthOfTextAtSize(text, SIZE) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, SIZE) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * The MCLE attendance report as a PDF to print and file (A4 landscape): the provider, the course with its approval
 * number, the compliance period, then one line per student who completed it, the headings again on every page.
 */
export async function attendancePdf(input: { school: SchoolRow; course: { name: string; approvalNumber: string | null }; period: string | null; rows: AttendanceRow[] }) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`MCLE attendance report: ${input.course.name}`);
  const [regular, bold] = await Promise.all([doc.embedFont(fonts.sans, { subset: true }), doc.embedFont(fonts.serifBold, { subset: true })]);
  const ink = rgb(0.12, 0.16, 0.2);
  const colour = hex(input.school.primaryColor);
  let page: PDFPage;
  let y = 0;

  const text = (value: string, x: number, options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {}) =>
    page.drawText(value, { x, y, size: options.size ?? SIZE, font: options.font ?? regular, color: options.color ?? ink });
  const headings = () => {
    let x = MARGIN;
    for (const c of COLUMNS) {
      text(c.heading, x, { font: bold });
      x += c.width;
    }
    y -= 5;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.6, color: ink });
    y -= ROW - 4;
  };
  const newPage = () => {
    page = doc.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN - 10;
    text(`${input.course.name} · MCLE attendance report · page ${doc.getPageCount()}`, MARGIN, { size: 8, color: rgb(0.4, 0.4, 0.45) });
    y -= 22;
    headings();
  };

  page = doc.addPage([WIDTH, HEIGHT]);
  y = HEIGHT - MARGIN - 14;
  text('MCLE Attendance Report', MARGIN, { size: 20, font: bold, color: colour });
  y -= 24;
  const provider = input.school.accreditationNumber ? `${input.school.name} (MCLE provider accreditation ${input.school.accreditationNumber})` : input.school.name;
  text(provider, MARGIN, { size: 11 });
  y -= 16;
  text(`${input.course.name}${input.course.approvalNumber ? ` · approval number ${input.course.approvalNumber}` : ''}`, MARGIN, { size: 11, font: bold });
  y -= 16;
  text(`${input.period ? `Compliance period: ${input.period}` : 'Every compliance period'} · ${input.rows.length} ${input.rows.length === 1 ? 'lawyer' : 'lawyers'} completed · prepared on ${todayIn(input.school.timeZone)}`, MARGIN, { size: 10 });
  y -= 26;
  headings();
  if (input.rows.length === 0) text('Nobody has completed this course in that period yet.', MARGIN, { size: 10 });
  input.rows.forEach((row, i) => {
    if (y < MARGIN) newPage();
    let x = MARGIN;
    for (const c of COLUMNS) {
      text(fit(c.cell(row, i), regular, c.width - 6), x);
      x += c.width;
    }
    y -= ROW;
  });
  return Buffer.from(await doc.save());
}
