import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { HandoutWords } from './handout-words.ts';

/** One exercise as the handout prints it, in program order. */
export type HandoutExercise = {
  name: string;
  sets: number;
  reps: number;
  holdSeconds: number;
  timesPerDay: number;
  daysPerWeek: number;
  /** How to do it, from the exercise library (empty when the library says nothing). */
  howTo: string;
  notes: string;
  /** The video's poster frame (JPEG or PNG), or null to print the exercise without a picture. */
  poster: Buffer | null;
};

/** Everything a handout shows, already chosen and in its language: the renderer decides only the layout. */
export type HandoutContent = {
  words: HandoutWords;
  clinicName: string;
  /** The clinic's logo (PNG or JPEG), printed before its name; null when it has none (decision 1430). */
  logo: Buffer | null;
  firstName: string;
  /** The program's start, already written as a date in the handout's language. */
  startDate: string;
  exercises: HandoutExercise[];
  /** The patient sign-in page the QR code and the printed link open. */
  link: string;
  /** When the document was made, kept in its metadata. */
  createdAt: Date;
};

// US Letter in points, with three-quarter-inch margins: what clinics' printers take without scaling.
const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
// The footer (QR code, its line and the link, the page number) sits in the bottom margin's band on every page.
const QR_SIZE = 64;
const FOOTER_TOP = PAGE.height - MARGIN - QR_SIZE;
const CONTENT_BOTTOM = FOOTER_TOP - 18;
const POSTER = { width: 150, height: 100 };
const LOGO = { width: 120, height: 48 };
const GAP = 16;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';

const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

type Doc = PDFKit.PDFDocument;

/** pdfkit's reader of an image, which its type declarations leave out. */
type ImageReader = { openImage: (src: Buffer) => unknown };

/**
 * The picture checked before it is placed: a poster (or the clinic's logo) pdfkit cannot read is left out, never a
 * broken page.
 */
function readablePoster(doc: Doc, poster: Buffer | null): Buffer | null {
  if (!poster) return null;
  try {
    (doc as unknown as ImageReader).openImage(poster);
    return poster;
  } catch {
    return null;
  }
}

/** Draws a decoration (rules, page numbers, the repeated footer) as an artifact: screen readers skip it. */
function artifact(doc: Doc, type: 'Layout' | 'Pagination', draw: () => void) {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}

function rule(doc: Doc, y: number) {
  artifact(doc, 'Layout', () => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE.width - MARGIN, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
  });
}

/** The dosage lines of an exercise: a bold label and its value, in the handout's language. */
function dosageLines(words: HandoutWords, exercise: HandoutExercise, number: (n: number) => string) {
  const lines: [string, string][] = [
    [words.sets, number(exercise.sets)],
    [words.reps, number(exercise.reps)],
  ];
  if (exercise.holdSeconds > 0) {
    lines.push([words.hold, words.seconds(exercise.holdSeconds, number(exercise.holdSeconds))]);
  }
  lines.push([words.often, words.frequency(exercise, number)]);
  return lines;
}

/**
 * The handout as a tagged PDF (decision 1395): real text in a structure tree read in order (header, exercises,
 * then the sign-in link), the document's language and title set, pictures with their alternative text, and the
 * repeated footer and page numbers marked as artifacts.
 */
export async function renderHandout(content: HandoutContent): Promise<Buffer> {
  const { words } = content;
  const number = (n: number) => new Intl.NumberFormat(words.lang).format(n);
  const qr = await QRCode.toBuffer(content.link, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 256 });

  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    tagged: true,
    pdfVersion: '1.7',
    lang: words.lang,
    displayTitle: true,
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: words.title,
      Author: content.clinicName,
      Subject: words.title,
      Creator: 'Rehabit',
      Producer: 'Rehabit',
      CreationDate: content.createdAt,
      ModDate: content.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const root = doc.struct('Document');
  doc.addStructure(root);

  // Header: the clinic's logo and name, the title, whom it is for and since when.
  let y = MARGIN;
  const logo = readablePoster(doc, content.logo);
  if (logo) {
    root.add(
      doc.struct('Figure', { alt: words.logoOf(content.clinicName) }, () => {
        doc.image(logo, MARGIN, y, { fit: [LOGO.width, LOGO.height], valign: 'center' });
      }),
    );
    y += LOGO.height + 8;
  }
  root.add(
    doc.struct('P', {}, () => {
      doc.font(FONT.bold).fontSize(12).fillColor(MUTED).text(content.clinicName, MARGIN, y, { width: CONTENT_WIDTH });
    }),
  );
  y = doc.y + 6;
  root.add(
    doc.struct('H1', {}, () => {
      doc.font(FONT.bold).fontSize(22).fillColor(INK).text(words.title, MARGIN, y, { width: CONTENT_WIDTH });
    }),
  );
  y = doc.y + 6;
  root.add(
    doc.struct('P', {}, () => {
      doc
        .font(FONT.regular)
        .fontSize(12)
        .fillColor(INK)
        .text(words.preparedFor(content.firstName), MARGIN, y, { width: CONTENT_WIDTH });
    }),
  );
  y = doc.y + 2;
  root.add(
    doc.struct('P', {}, () => {
      doc.font(FONT.regular).fontSize(12).fillColor(INK).text(words.startedOn(content.startDate), MARGIN, y, {
        width: CONTENT_WIDTH,
      });
    }),
  );
  y = doc.y + 12;
  rule(doc, y);
  y += GAP;

  for (const [index, exercise] of content.exercises.entries()) {
    const image = readablePoster(doc, exercise.poster);
    const textX = image ? MARGIN + POSTER.width + GAP : MARGIN;
    const textWidth = PAGE.width - MARGIN - textX;
    const heading = `${number(index + 1)}. ${exercise.name}`;
    const lines = dosageLines(words, exercise, number);
    // The library's instructions, then the therapist's notes: each under its own heading, when there is any.
    const blocks = [
      [words.howTo, exercise.howTo.trim()],
      [words.notes, exercise.notes.trim()],
    ].filter(([, text]) => text);

    // Measured before drawing, so an exercise that does not fit the rest of the page starts the next one whole.
    doc.font(FONT.bold).fontSize(15);
    let textHeight = doc.heightOfString(heading, { width: textWidth }) + 6;
    doc.font(FONT.regular).fontSize(11);
    for (const [label, value] of lines)
      textHeight += doc.heightOfString(`${label}: ${value}`, { width: textWidth }) + 2;
    for (const [title, text] of blocks) {
      doc.font(FONT.bold).fontSize(11);
      textHeight += 8 + doc.heightOfString(title!, { width: textWidth }) + 2;
      doc.font(FONT.regular).fontSize(11);
      textHeight += doc.heightOfString(text!, { width: textWidth });
    }
    const blockHeight = Math.max(image ? POSTER.height : 0, textHeight);
    if (y + blockHeight > CONTENT_BOTTOM && y > MARGIN) {
      doc.addPage();
      y = MARGIN;
    } else if (index > 0) {
      // Between two exercises on one page; a page's first exercise needs none.
      rule(doc, y - GAP / 2);
      y += GAP / 2;
    }

    const section = doc.struct('Sect');
    root.add(section);
    const top = y;
    section.add(
      doc.struct('H2', {}, () => {
        doc.font(FONT.bold).fontSize(15).fillColor(INK).text(heading, textX, top, { width: textWidth });
      }),
    );
    if (image) {
      section.add(
        doc.struct('Figure', { alt: words.pictureOf(exercise.name) }, () => {
          doc.image(image, MARGIN, top, { fit: [POSTER.width, POSTER.height], align: 'center' });
        }),
      );
    }
    let lineY = doc.y + 6;
    for (const [label, value] of lines) {
      section.add(
        doc.struct('P', {}, () => {
          doc
            .font(FONT.bold)
            .fontSize(11)
            .fillColor(INK)
            .text(`${label}: `, textX, lineY, { width: textWidth, continued: true })
            .font(FONT.regular)
            .text(value);
        }),
      );
      lineY = doc.y + 2;
    }
    for (const [title, text] of blocks) {
      const titleY = lineY + 8;
      section.add(
        doc.struct('H3', {}, () => {
          doc.font(FONT.bold).fontSize(11).fillColor(INK).text(title!, textX, titleY, { width: textWidth });
        }),
      );
      const bodyY = doc.y + 2;
      section.add(
        doc.struct('P', {}, () => {
          doc.font(FONT.regular).fontSize(11).fillColor(INK).text(text!, textX, bodyY, { width: textWidth });
        }),
      );
      lineY = doc.y;
    }
    section.end();
    y = Math.max(doc.y, top + (image ? POSTER.height : 0)) + GAP;
  }

  // The footer on every page: read once (on the first page, after the exercises), a repeat elsewhere.
  const { count } = doc.bufferedPageRange();
  for (let page = 0; page < count; page++) {
    doc.switchToPage(page);
    // Drawing in the bottom margin must not start a page of its own.
    doc.page.margins.bottom = 0;
    drawFooter(doc, content, qr, page === 0 ? root : null);
    artifact(doc, 'Pagination', () => {
      doc
        .font(FONT.regular)
        .fontSize(9)
        .fillColor(MUTED)
        .text(words.pageOf(number(page + 1), number(count)), MARGIN, FOOTER_TOP + QR_SIZE - 10, {
          width: CONTENT_WIDTH,
          align: 'right',
          lineBreak: false,
        });
    });
  }
  root.end();
  doc.end();
  return done;
}

function drawFooter(doc: Doc, content: HandoutContent, qr: Buffer, root: PDFKit.PDFStructureElement | null) {
  const { words, link } = content;
  const textX = MARGIN + QR_SIZE + 12;
  const textWidth = PAGE.width - MARGIN - textX - 90;
  const drawRule = () =>
    doc
      .moveTo(MARGIN, FOOTER_TOP - 10)
      .lineTo(PAGE.width - MARGIN, FOOTER_TOP - 10)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
  const drawQr = () => doc.image(qr, MARGIN, FOOTER_TOP, { width: QR_SIZE, height: QR_SIZE });
  const drawScan = () =>
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(INK)
      .text(words.scan, textX, FOOTER_TOP + 12, { width: textWidth });
  const drawLink = (withAnnotation: boolean) =>
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(INK)
      .text(link, textX, FOOTER_TOP + 30, { width: textWidth, ...(withAnnotation && { link }) });

  artifact(doc, 'Layout', drawRule);
  if (!root) {
    artifact(doc, 'Pagination', () => {
      drawQr();
      drawScan();
      drawLink(false);
    });
    return;
  }
  const footer = doc.struct('Sect');
  root.add(footer);
  footer.add(doc.struct('Figure', { alt: words.qrAlt(link) }, drawQr));
  footer.add(doc.struct('P', {}, drawScan));
  footer.add(doc.struct('P', {}, [doc.struct('Link', {}, () => drawLink(true))]));
  footer.end();
}
