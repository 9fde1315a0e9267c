import fontkit from '@pdf-lib/fontkit';
import { Resvg } from '@resvg/resvg-js';
import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import satori from 'satori';
import { areasOf } from '@school/shared/certificates/mcle';
import type { CertificateFacts } from '../../db/schema/index';
import { fonts, hex } from './fonts';

const WIDTH = 1600;
const HEIGHT = 1131;

export interface CertificateArt {
  facts: CertificateFacts;
  code: string;
  /** The public page's address, which the QR code carries. */
  url: string;
  colour: string;
  /** The school's logo as a PNG with its size in pixels, or null. */
  logo: Picture | null;
  /** Each signatory's signature (in the order of `facts.signatories`), or null for one without. */
  signatures: (Picture | null)[];
}

export interface Picture {
  data: Buffer;
  width: number;
  height: number;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | Node[] | string; src?: string; width?: number; height?: number } };
const png = (src: Buffer) => `data:image/png;base64,${src.toString('base64')}`;
const el = (type: string, style: Record<string, unknown>, children?: Node | Node[] | string): Node => ({ type, props: { style, children } });
const text = (value: string, style: Record<string, unknown>) => el('div', { display: 'flex', ...style }, value);

const issuedOn = (facts: CertificateFacts) => new Date(`${facts.completedOn}T00:00:00Z`).toLocaleDateString('en-PH', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const unitsLine = (facts: CertificateFacts) => `${facts.units} MCLE unit${facts.units === 1 ? '' : 's'}`;
/** "Legal Ethics 2 · Other Subjects 1": the units by subject area, as the tracker counts them. */
const areasLine = (facts: CertificateFacts) => areasOf(facts.areas ?? {}).map((a) => `${a.label} ${a.units}`).join('  ·  ');

/** The certificate as a PNG: satori lays it out as SVG with our fonts, resvg rasterises it. */
async function image(art: CertificateArt, qr: { src: string; size: number }) {
  const { facts } = art;
  const details = [unitsLine(facts), facts.approvalNumber && `Approval No. ${facts.approvalNumber}`, facts.accreditation && `Accreditation No. ${facts.accreditation}`].filter(Boolean).join('  ·  ');
  const signatories = facts.signatories ?? [];
  // The same room above every name once any has a signature, so that the names stay on one line.
  const signatureRoom = art.signatures.some(Boolean) ? Math.max(...art.signatures.map((p) => p?.height ?? 0)) : 0;
  const tree = el(
    'div',
    { display: 'flex', flexDirection: 'column', alignItems: 'center', boxSizing: 'border-box', width: WIDTH, height: HEIGHT, background: '#fffdf7', border: `24px solid ${art.colour}`, padding: '56px 90px 40px', fontFamily: 'Serif', color: '#1f2933' },
    [
      el('div', { display: 'flex', alignItems: 'center', gap: 24 }, [
        ...(art.logo ? [{ type: 'img', props: { src: png(art.logo.data), width: art.logo.width, height: art.logo.height } }] : []),
        text(facts.school, { fontSize: 40, fontWeight: 700, color: art.colour }),
      ]),
      text('Certificate of Completion', { fontSize: 72, fontWeight: 700, marginTop: 24 }),
      text('This certifies that', { fontSize: 30, marginTop: 24 }),
      text(facts.learner, { fontSize: 60, fontWeight: 700, marginTop: 12, borderBottom: '2px solid #1f2933', paddingBottom: 8 }),
      text('has completed the course', { fontSize: 30, marginTop: 24 }),
      text(facts.course, { fontSize: 44, fontWeight: 700, marginTop: 10, textAlign: 'center' }),
      text(details, { fontSize: 26, marginTop: 22 }),
      text(areasLine(facts), { fontSize: 22, marginTop: 10, textAlign: 'center' }),
      text(`Completed on ${issuedOn(facts)}`, { fontSize: 26, marginTop: 10 }),
      el('div', { display: 'flex', flexGrow: 1 }),
      el('div', { display: 'flex', width: '100%', justifyContent: 'space-between', alignItems: 'flex-end' }, [
        el(
          'div',
          { display: 'flex', gap: 56 },
          signatories.map((s, i) => {
            const signature = art.signatures[i];
            return el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', width: 360 }, [
              el('div', { display: 'flex', alignItems: 'flex-end', justifyContent: 'center', height: signatureRoom }, signature ? [{ type: 'img', props: { src: png(signature.data), width: Math.min(signature.width, 360), height: signature.height * (Math.min(signature.width, 360) / signature.width) } }] : []),
              el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', width: 360, borderTop: '2px solid #1f2933', paddingTop: 10 }, [text(s.name, { fontSize: 28, fontWeight: 700 }), text(s.title, { fontSize: 22 })]),
            ]);
          }),
        ),
        { type: 'img', props: { src: qr.src, width: qr.size, height: qr.size } },
      ]),
      el('div', { display: 'flex', width: '100%', justifyContent: 'space-between', fontFamily: 'Sans', fontSize: 22, marginTop: 14 }, [
        el('div', { display: 'flex', gap: 8 }, [text('Verify this certificate at', {}), text(art.url, { color: art.colour })]),
        text(`Code ${art.code}`, { fontSize: 26 }),
      ]),
    ],
  );
  const svg = await satori(tree as never, {
    width: WIDTH,
    height: HEIGHT,
    fonts: [
      { name: 'Serif', data: fonts.serif, weight: 400, style: 'normal' },
      { name: 'Serif', data: fonts.serifBold, weight: 700, style: 'normal' },
      { name: 'Sans', data: fonts.sans, weight: 400, style: 'normal' },
    ],
  });
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
}


/** The certificate as an A4 landscape PDF with real, searchable text (the code among it) and the QR code. */
async function pdf(art: CertificateArt, qrPng: Buffer) {
  const { facts } = art;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`Certificate ${art.code}`);
  doc.setSubject(`${facts.course}, ${facts.school}`);
  const [serif, bold, sans] = await Promise.all([doc.embedFont(fonts.serif, { subset: true }), doc.embedFont(fonts.serifBold, { subset: true }), doc.embedFont(fonts.sans, { subset: true })]);
  const page = doc.addPage([842, 595]);
  const colour = hex(art.colour);
  page.drawRectangle({ x: 14, y: 14, width: 814, height: 567, borderColor: colour, borderWidth: 10 });
  const centred = (value: string, y: number, size: number, f = serif, color = rgb(0.12, 0.16, 0.2)) => {
    // Long course names shrink to fit the page.
    let s = size;
    while (f.widthOfTextAtSize(value, s) > 740 && s > 10) s -= 1;
    page.drawText(value, { x: (842 - f.widthOfTextAtSize(value, s)) / 2, y, size: s, font: f, color });
  };
  centred(facts.school, 520, 20, bold, colour);
  centred('Certificate of Completion', 465, 38, bold);
  centred('This certifies that', 425, 16);
  centred(facts.learner, 385, 32, bold);
  centred('has completed the course', 350, 16);
  centred(facts.course, 315, 24, bold);
  centred([unitsLine(facts), facts.approvalNumber && `Approval No. ${facts.approvalNumber}`, facts.accreditation && `Accreditation No. ${facts.accreditation}`].filter(Boolean).join('  ·  '), 280, 14);
  centred(areasLine(facts), 260, 12);
  centred(`Completed on ${issuedOn(facts)}`, 240, 14);
  if (art.logo) {
    const logo = await doc.embedPng(art.logo.data);
    const height = 48;
    page.drawImage(logo, { x: 40, y: 520, width: (logo.width / logo.height) * height, height });
  }
  // The signatories above the verification lines, left of the QR code.
  const signatures = await Promise.all(art.signatures.map((p) => p && doc.embedPng(p.data)));
  (facts.signatories ?? []).forEach((s, i) => {
    const x = 60 + i * 200;
    const signature = signatures[i];
    if (signature) {
      // Above the line, at most 40 points high and as wide as the line.
      const scale = Math.min(40 / signature.height, 170 / signature.width);
      page.drawImage(signature, { x: x + (170 - signature.width * scale) / 2, y: 142, width: signature.width * scale, height: signature.height * scale });
    }
    page.drawLine({ start: { x, y: 140 }, end: { x: x + 170, y: 140 }, thickness: 1, color: rgb(0.12, 0.16, 0.2) });
    const line = (value: string, y: number, size: number, f: typeof serif) => page.drawText(value, { x: x + (170 - f.widthOfTextAtSize(value, size)) / 2, y, size, font: f });
    line(s.name, 126, 11, bold);
    line(s.title, 113, 9, serif);
  });
  page.drawText('Verify this certificate at', { x: 50, y: 90, size: 11, font: sans });
  page.drawText(art.url, { x: 50, y: 74, size: 11, font: sans, color: colour });
  page.drawText(`Code ${art.code}`, { x: 50, y: 52, size: 14, font: sans });
  page.drawImage(await doc.embedPng(qrPng), { x: 842 - 50 - 110, y: 40, width: 110, height: 110 });
  return Buffer.from(await doc.save());
}

/** Pixels per QR module on the image: whole pixels, drawn 1:1, so that every scanner reads sharp squares. */
const QR_SCALE = 7;

/** The image and the PDF of one certificate, each carrying its code and a QR code to its public page. */
export async function renderCertificate(art: CertificateArt) {
  const size = (QRCode.create(art.url, { errorCorrectionLevel: 'M' }).modules.size + 2) * QR_SCALE;
  const qrPng = await QRCode.toBuffer(art.url, { errorCorrectionLevel: 'M', margin: 1, scale: QR_SCALE });
  const drawn = await image(art, { src: png(qrPng), size });
  return { png: drawn, pdf: await pdf(art, qrPng) };
}
