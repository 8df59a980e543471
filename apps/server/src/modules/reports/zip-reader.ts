import { unzipSync } from 'fflate';

/**
 * The report file inside a zip archive (Microsoft Advertising sends each report as a zip
 * holding one CSV). fflate reads the central directory, so sizes written after the data,
 * zip64 archives and any entry order are handled; folders are skipped. An archive with no
 * file in it, or bytes that are not a zip, throw.
 */
export function firstZipEntry(zip: Buffer): Buffer {
  const files = unzipSync(zip, { filter: (entry) => !entry.name.endsWith('/') });
  const first = Object.values(files)[0];
  if (!first) throw new Error('the zip archive holds no file');
  return Buffer.from(first.buffer, first.byteOffset, first.byteLength);
}
