import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The decoder's WebAssembly comes from Vireo's own build (the CSP allows only the own origin), never from a CDN.
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });

/** The first valid QR code in a picture, if any. */
export async function readQrCode(image: ImageData): Promise<string | null> {
  const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return results.find((result) => result.isValid && result.text)?.text ?? null;
}
