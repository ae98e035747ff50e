import { fill, PDFDocument, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingGrayscaleColor, StandardFonts, type PDFFont, type PDFOperator, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { CertificateKind } from '@vireo/contracts';

export interface CertificateProvider {
  name: string;
  address: string;
  ukasNumber: string;
}

/** Everything a certificate shows; times are instants, shown in the certificate's country's zone. */
export interface CertificateDocument {
  kind: CertificateKind;
  provider: CertificateProvider;
  number: string;
  patientName: string;
  /** yyyy-mm-dd */
  dateOfBirth: string;
  idDocumentNumber: string;
  kitName: string;
  specificity: string;
  sensitivity: string;
  sampleTime: Date;
  reportTime: Date;
  issuedAt: Date;
  result: 'Positive' | 'Negative';
  practitioner: string;
  /** What the QR code opens: the verification page with the signed token after `#`. */
  qrUrl: string;
  /** The certificate's public status page, printed for reading by eye. */
  statusUrl: string;
}

const EN = {
  title: { antigen: 'COVID-19 Rapid Antigen Test Certificate', pcr: 'COVID-19 RT-PCR Test Certificate' },
  purpose: { medical: 'Medical certificate', travel: 'Travel certificate' },
  provider: 'Test provider',
  ukas: 'UKAS accreditation number',
  name: 'Name',
  dob: 'Date of birth',
  idDocument: 'ID document number',
  testType: 'Test type and method',
  testTypes: { antigen: 'Rapid antigen test (lateral flow immunoassay), video-observed self-test', pcr: 'RT-PCR (nucleic acid amplification), laboratory analysis' },
  kit: 'Test kit',
  performance: 'Specificity / sensitivity',
  sampleTime: 'Sample taken',
  reportTime: 'Result reported',
  result: 'Result',
  results: { Positive: 'POSITIVE (SARS-CoV-2 detected)', Negative: 'NEGATIVE (SARS-CoV-2 not detected)' },
  practitioner: 'Reporting practitioner',
  number: 'Certificate number',
  issued: 'Issued',
  statement: 'This is a screening result, not a diagnosis. If you have symptoms, seek medical advice.',
  verify: 'Scan the QR code or visit',
  zone: 'UK time',
};

const DE: typeof EN = {
  title: { antigen: 'COVID-19 Antigen-Schnelltest-Zertifikat', pcr: 'COVID-19 RT-PCR-Testzertifikat' },
  purpose: { medical: 'Ärztliche Bescheinigung', travel: 'Reisezertifikat' },
  provider: 'Testanbieter',
  ukas: 'UKAS-Akkreditierungsnummer',
  name: 'Name',
  dob: 'Geburtsdatum',
  idDocument: 'Ausweisnummer',
  testType: 'Testart und Methode',
  testTypes: { antigen: 'Antigen-Schnelltest (Lateral-Flow-Immunoassay), per Video beaufsichtigter Selbsttest', pcr: 'RT-PCR (Nukleinsäure-Amplifikation), Laboranalyse' },
  kit: 'Testkit',
  performance: 'Spezifität / Sensitivität',
  sampleTime: 'Probenahme',
  reportTime: 'Ergebnis mitgeteilt',
  result: 'Ergebnis',
  results: { Positive: 'POSITIV (SARS-CoV-2 nachgewiesen)', Negative: 'NEGATIV (SARS-CoV-2 nicht nachgewiesen)' },
  practitioner: 'Befundende Fachkraft',
  number: 'Zertifikatsnummer',
  issued: 'Ausgestellt',
  statement: 'Dies ist ein Screening-Ergebnis und keine Diagnose. Bei Symptomen holen Sie ärztlichen Rat ein.',
  verify: 'QR-Code scannen oder aufrufen',
  zone: 'deutsche Zeit',
};

export function kindParts(kind: CertificateKind) {
  const [country, test, purpose] = kind.split('_') as ['uk' | 'de', 'antigen' | 'pcr', 'medical' | 'travel'];
  return { country, test, purpose };
}

/** The languages a kind is written in: German travel certificates carry German and English, other German ones German, UK ones English. */
function languagesOf(kind: CertificateKind): (typeof EN)[] {
  const { country, purpose } = kindParts(kind);
  if (country === 'uk') return [EN];
  return purpose === 'travel' ? [DE, EN] : [DE];
}

function formatInstant(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

/** Text the standard font can draw: letters outside its character set lose their accents, else become '?'. */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((char) => {
      if (supported.has(char.codePointAt(0)!)) return char;
      const base = char.normalize('NFD')[0];
      return base && supported.has(base.codePointAt(0)!) ? base : '?';
    })
    .join('');
}

/** The certificate as a one-page A4 PDF with its QR code. */
export async function certificatePdf(doc: CertificateDocument): Promise<Buffer> {
  const { country, test, purpose } = kindParts(doc.kind);
  const languages = languagesOf(doc.kind);
  const timeZone = country === 'de' ? 'Europe/Berlin' : 'Europe/London';
  const both = <T>(pick: (texts: typeof EN) => T, join = ' / ') => languages.map(pick).join(join);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${both((t) => t.title[test])} ${doc.number}`);
  pdf.setAuthor(doc.provider.name);
  pdf.setCreationDate(doc.issuedAt);
  pdf.setModificationDate(doc.issuedAt);
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  let y = 790;
  const text = (value: string, x: number, options: { size?: number; font?: PDFFont } = {}) => {
    const font = options.font ?? regular;
    page.drawText(drawable(font, value), { x, y, size: options.size ?? 10, font, color: ink });
  };
  text(doc.provider.name, 48, { size: 18, font: bold });
  y -= 16;
  text(doc.provider.address, 48, { size: 9 });
  y -= 12;
  text(`${both((t) => t.ukas)}: ${doc.provider.ukasNumber}`, 48, { size: 9 });
  y -= 34;
  for (const language of languages) {
    text(language.title[test], 48, { size: 15, font: bold });
    y -= 18;
  }
  text(both((t) => t.purpose[purpose]), 48, { size: 10 });
  y -= 30;
  const zone = both((t) => t.zone);
  const rows: [string, string, boolean?][] = [
    [both((t) => t.name), doc.patientName],
    [both((t) => t.dob), doc.dateOfBirth.split('-').reverse().join('/')],
    [both((t) => t.idDocument), doc.idDocumentNumber],
    [both((t) => t.testType), both((t) => t.testTypes[test], ' | ')],
    [both((t) => t.kit), doc.kitName],
    [both((t) => t.performance), `${doc.specificity} / ${doc.sensitivity}`],
    [both((t) => t.sampleTime), `${formatInstant(doc.sampleTime, timeZone)} (${zone})`],
    [both((t) => t.reportTime), `${formatInstant(doc.reportTime, timeZone)} (${zone})`],
    [both((t) => t.result), both((t) => t.results[doc.result]), true],
    [both((t) => t.practitioner), doc.practitioner],
    [both((t) => t.number), doc.number],
    [both((t) => t.issued), `${formatInstant(doc.issuedAt, timeZone)} (${zone})`],
  ];
  for (const [label, value, emphasis] of rows) {
    text(label, 48, { size: 8, font: bold });
    y -= 12;
    for (const line of wrap(regular, value, 10, 330)) {
      text(line, 48, { size: 10, font: emphasis ? bold : regular });
      y -= 13;
    }
    y -= 6;
  }
  drawQr(page, doc.qrUrl, { x: 395, y: 420, size: 160 });
  const keepY = y;
  y = 405;
  for (const line of wrap(regular, `${both((t) => t.verify)}: ${doc.statusUrl}`, 7, 160)) {
    text(line, 395, { size: 7 });
    y -= 9;
  }
  y = Math.min(keepY, 120) - 4;
  for (const language of languages) {
    for (const line of wrap(bold, language.statement, 9, 500)) {
      text(line, 48, { size: 9, font: bold });
      y -= 12;
    }
  }
  return Buffer.from(await pdf.save());
}

/** The QR code as vector shapes: a filled rectangle per horizontal run of dark modules, with a quiet zone of 2 modules. */
function drawQr(page: PDFPage, value: string, box: { x: number; y: number; size: number }): void {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const quiet = 2;
  const scale = box.size / (count + 2 * quiet);
  const runs: PDFOperator[] = [];
  for (let row = 0; row < count; row++) {
    const top = box.y + box.size - (row + quiet + 1) * scale;
    for (let column = 0; column < count; column++) {
      if (!modules.get(row, column)) continue;
      const start = column;
      while (column + 1 < count && modules.get(row, column + 1)) column++;
      runs.push(rectangle(box.x + (start + quiet) * scale, top, (column - start + 1) * scale, scale));
    }
  }
  page.drawRectangle({ x: box.x, y: box.y, width: box.size, height: box.size, color: rgb(1, 1, 1) });
  page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...runs, fill(), popGraphicsState());
}

function wrap(font: PDFFont, value: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(font, value).split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
