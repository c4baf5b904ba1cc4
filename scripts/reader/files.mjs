// @ts-check
// What an invoice file is, from its first bytes, and an image's pixel size from its own header,
// read before anything decodes it (the server's upload check does the same: pb_hooks/lib/invoice-file.js).

/** @typedef {{ type: 'pdf' } | { type: 'png' | 'jpeg', width: number, height: number } | { type: 'unknown' }} FileKind */

/**
 * @param {Buffer} bytes
 * @returns {FileKind}
 */
export function kindOf(bytes) {
  if (bytes.subarray(0, 1024).includes('%PDF-')) return { type: 'pdf' };
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    const size = jpegSize(bytes);
    return size ? { type: 'jpeg', ...size } : { type: 'unknown' };
  }
  return { type: 'unknown' };
}

/** The first frame header's size (SOF0–SOF15 but DHT, JPG, DAC), or null. */
/** @param {Buffer} b */
function jpegSize(b) {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}
