import { zipSync } from 'fflate';

/** A zip archive holding one deflated file, as Microsoft Advertising delivers reports. */
export function zipOne(name: string, content: Buffer): Buffer {
  const zip = zipSync({ [name]: new Uint8Array(content) }, { level: 6 });
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}
