import QRCode from 'qrcode';
import sharp from 'sharp';
import { collectionLink, type QrFormat } from '@vireo/contracts';
import { escapeHtml } from '../../platform/pages';
import { notFound } from '../../platform/errors';
import type { LogisticsDeps } from './deps';
import { findDropbox, type DropboxRow } from './dropboxes';

/** The sheet's size in SVG units (pixels of the PNG): an A6-like portrait card, QR code above the address. */
const WIDTH = 600;
const QR_SIZE = 520;
const MARGIN = (WIDTH - QR_SIZE) / 2;
const LINE = 34;
/** Characters per address line before it is cut, so a long name stays on the sheet. */
const MAX_CHARS = 40;

/** The QR code as one SVG path: a rectangle per horizontal run of dark modules, with a quiet zone of 4 modules. */
function qrPath(value: string): string {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const quiet = 4;
  const scale = QR_SIZE / (count + 2 * quiet);
  const runs: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (!modules.get(row, column)) continue;
      const start = column;
      while (column + 1 < count && modules.get(row, column + 1)) column++;
      const x = MARGIN + (start + quiet) * scale;
      const y = MARGIN + (row + quiet) * scale;
      runs.push(`M${x.toFixed(2)} ${y.toFixed(2)}h${((column - start + 1) * scale).toFixed(2)}v${scale.toFixed(2)}h${(-(column - start + 1) * scale).toFixed(2)}z`);
    }
  }
  return runs.join('');
}

const cut = (line: string) => (line.length > MAX_CHARS ? `${line.slice(0, MAX_CHARS - 1)}…` : line);

/** The lines printed under the code: the name (bold), the address, the postcode. */
function addressLines(row: DropboxRow): string[] {
  return [row.address1, row.address2, [row.city, row.county].filter(Boolean).join(', '), row.postcode].filter((line) => line.trim() !== '').map(cut);
}

/**
 * The printable sheet of a dropbox: the QR code of its collection link ({PUBLIC_URL}/collection/0?dropbox={id}),
 * which the courier scans there, above the box's name and address. Written by hand as SVG (texts escaped).
 */
export function dropboxSheetSvg(row: DropboxRow, publicUrl: string): string {
  const lines = addressLines(row);
  const top = MARGIN + QR_SIZE + 40;
  const height = top + LINE * (lines.length + 1) + MARGIN;
  const texts = [
    `<text x="${WIDTH / 2}" y="${top}" font-size="30" font-weight="bold">${escapeHtml(cut(row.name))}</text>`,
    ...lines.map((line, index) => `<text x="${WIDTH / 2}" y="${top + LINE * (index + 1)}" font-size="24">${escapeHtml(line)}</text>`),
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<path d="${qrPath(collectionLink(publicUrl, row.id))}" fill="#000" shape-rendering="crispEdges"/>`,
    `<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" fill="#000" text-anchor="middle">`,
    ...texts,
    '</g>',
    '</svg>',
  ].join('\n');
}

/** GET /dropbox/{id}/render: the sheet as SVG, or as PNG drawn from it by sharp; with a file name for the download. */
export async function renderDropboxSheet(deps: LogisticsDeps, id: string, format: QrFormat): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const row = await findDropbox(deps.db, id);
  if (!row) throw notFound();
  const svg = dropboxSheetSvg(row, deps.publicUrl);
  const fileName = `dropbox-${row.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || row.id}.${format}`;
  if (format === 'svg') return { data: Buffer.from(svg), contentType: 'image/svg+xml; charset=utf-8', fileName };
  return { data: await sharp(Buffer.from(svg)).png().toBuffer(), contentType: 'image/png', fileName };
}
