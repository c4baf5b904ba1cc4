/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// What an uploaded invoice really is (DECISIONS sections 2 and 5): the first bytes decide
// the type, never the name or the declared content type; an image's own header (PNG IHDR,
// JPEG SOF) gives its pixel size, and an image above 40 megapixels or 10,000 px on a side
// is refused before anything decodes it.

const MAX_PIXELS = 40000000;
const MAX_SIDE = 10000;
const MAX_JPEG_SEGMENTS = 2000;

const MESSAGES = require(`${__hooks}/vendor/rules.js`).INVOICE_FILE_MESSAGES;

/**
 * Reads `n` bytes at `offset` of an open reader (fewer at the end of the file).
 * @param {io.ReadSeekCloser} reader
 * @param {number} offset
 * @param {number} n
 * @returns {number[]}
 */
function readAt(reader, offset, n) {
  reader.seek(offset, 0);
  // (PocketBase's types lose the Read of the embedded io.Reader, which toBytes needs; the value has it)
  return toBytes(/** @type {any} */ (reader), n);
}

/**
 * @param {number[]} b
 * @param {number} i
 */
function u16(b, i) {
  return (b[i] << 8) | b[i + 1];
}
/**
 * @param {number[]} b
 * @param {number} i
 */
function u32(b, i) {
  return b[i] * 16777216 + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
}

/**
 * Width and height from a JPEG's first frame header (SOF0..SOF15 but DHT, JPG, DAC), or null.
 * @param {io.ReadSeekCloser} reader
 */
function jpegSize(reader) {
  let pos = 2;
  for (let i = 0; i < MAX_JPEG_SEGMENTS; i++) {
    const head = readAt(reader, pos, 4);
    if (head.length < 4 || head[0] !== 0xff) return null;
    const marker = head[1];
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = u16(head, 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const frame = readAt(reader, pos + 4, 5);
      if (frame.length < 5) return null;
      return { height: u16(frame, 1), width: u16(frame, 3) };
    }
    pos += 2 + length;
  }
  return null;
}

/**
 * Checks an uploaded invoice (a PocketBase filesystem.File). Returns null when it may be
 * stored, else the German reason.
 * @param {filesystem.File} file
 */
function problemOf(file) {
  const reader = file.reader.open();
  try {
    const head = readAt(reader, 0, 24);
    const isPng = head.length >= 8 && head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47;
    const isJpeg = head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    const isPdf = head.length >= 5 && String.fromCharCode(head[0], head[1], head[2], head[3], head[4]) === '%PDF-';
    if (isPdf) return null;
    if (!isPng && !isJpeg) return MESSAGES.type;
    let size = null;
    if (isPng) {
      const ihdr = head.length >= 24 && String.fromCharCode(head[12], head[13], head[14], head[15]) === 'IHDR';
      size = ihdr ? { width: u32(head, 16), height: u32(head, 20) } : null;
    } else {
      size = jpegSize(reader);
    }
    if (!size || size.width === 0 || size.height === 0) return MESSAGES.unreadable;
    if (size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > MAX_PIXELS) return MESSAGES.tooLarge;
    return null;
  } finally {
    reader.close();
  }
}

module.exports = { problemOf, MESSAGES, MAX_PIXELS, MAX_SIDE };
