import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatUkDate, type TestResultValue } from '@vireo/contracts';

const NEXT_STEPS: Record<TestResultValue, string[]> = {
  Negative: [
    'The test did not find coronavirus (COVID-19). You do not need to self-isolate because of this test.',
    'If you develop symptoms later, self-isolate and take another test.',
  ],
  Positive: [
    'The test found coronavirus (COVID-19). Self-isolate straight away for at least 10 days from when',
    'your symptoms started (or from the test if you have none); your household must isolate for 14 days.',
    'If you feel worse, call NHS 111, or 999 in an emergency.',
  ],
  Inconclusive: [
    'The laboratory could not give a clear result from your sample. Please take another test as soon as',
    'possible, and self-isolate until you have a result if you have symptoms.',
  ],
};

/** A one-page result letter, as a laboratory would issue it. */
export async function resultLetterPdf(input: {
  productName: string;
  patientName: string;
  testName: string;
  sampleDate: Date;
  result: TestResultValue;
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.testName} result`);
  pdf.setAuthor(input.productName);
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, options: { size?: number; font?: typeof regular; gap?: number } = {}) => {
    page.drawText(text, { x: 56, y, size: options.size ?? 11, font: options.font ?? regular, color: rgb(0.1, 0.1, 0.1) });
    y -= options.gap ?? 18;
  };
  line(input.productName, { size: 20, font: bold, gap: 36 });
  line(`${input.testName} result`, { size: 16, font: bold, gap: 28 });
  line(`Name: ${input.patientName}`);
  line(`Sample date: ${formatUkDate(input.sampleDate)}`);
  line(`Result: ${input.result}`, { font: bold, gap: 32 });
  line('What this means', { size: 13, font: bold, gap: 22 });
  for (const text of NEXT_STEPS[input.result]) line(text);
  return Buffer.from(await pdf.save());
}
