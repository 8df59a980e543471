import { inflateRawSync } from 'node:zlib';

/**
 * The first file of a zip archive (Microsoft Advertising sends each report as a zip holding
 * one CSV). Reads the central directory, so sizes written after the data (bit 3) are found;
 * stored and deflated entries only, which is what report archives use.
 */
export function firstZipEntry(zip: Buffer): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw new Error('not a zip archive');
  if (zip.readUInt16LE(end + 10) === 0) throw new Error('the zip archive is empty');
  const central = zip.readUInt32LE(end + 16);
  if (zip.readUInt32LE(central) !== 0x02014b50) throw new Error('bad zip central directory');
  const method = zip.readUInt16LE(central + 10);
  const compressedSize = zip.readUInt32LE(central + 20);
  const local = zip.readUInt32LE(central + 42);
  if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad zip entry');
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(start, start + compressedSize);
  if (method === 0) return Buffer.from(data);
  if (method === 8) return inflateRawSync(data);
  throw new Error(`zip compression method ${method} is not supported`);
}
