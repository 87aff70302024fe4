import type { PDFFont } from 'pdf-lib';

/** pdf-lib, loaded on the first letter or probe rather than at start-up (issue 12: lazy start-up). */
const pdfLib = () => import('pdf-lib');

let probe: Promise<PDFFont> | undefined;

/** True when every character of `text` can be drawn with the PDF's standard font (WinAnsi: Latin, Spanish accents). */
export async function pdfCanDraw(text: string): Promise<boolean> {
  probe ??= pdfLib().then(async ({ PDFDocument, StandardFonts }) => (await PDFDocument.create()).embedFont(StandardFonts.Helvetica));
  const font = await probe;
  try {
    font.encodeText(text.replace(/\n/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/** Splits a paragraph into lines no wider than `width` points at `size`. */
function wrap(font: PDFFont, paragraph: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  lines.push(line);
  return lines;
}

/**
 * A decision letter as an A4 PDF (pdf-lib, Helvetica): the subject as a heading, then the text, wrapped,
 * paginated. Helvetica's WinAnsi encoding covers English and Spanish; CJK needs an embedded font the
 * project does not ship, so callers check {@link pdfCanDraw} first (docs/decisions.md).
 * @throws Error when the text holds a character the font cannot encode
 */
export async function letterPdf(subject: string, text: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await pdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(subject);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [pageWidth, pageHeight, margin, size, leading] = [595.28, 841.89, 64, 11, 16];
  let page = doc.addPage([pageWidth, pageHeight]);
  let y = pageHeight - margin;
  const line = (content: string, f: PDFFont, s: number) => {
    if (y < margin) {
      page = doc.addPage([pageWidth, pageHeight]);
      y = pageHeight - margin;
    }
    page.drawText(content, { x: margin, y, size: s, font: f });
    y -= leading;
  };
  for (const l of wrap(bold, subject, 14, pageWidth - 2 * margin)) line(l, bold, 14);
  y -= leading;
  for (const paragraph of text.split('\n')) {
    if (!paragraph.trim()) {
      y -= leading / 2;
      continue;
    }
    for (const l of wrap(font, paragraph, size, pageWidth - 2 * margin)) line(l, font, size);
  }
  return doc.save();
}
