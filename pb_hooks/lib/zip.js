/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// A ZIP archive written as it goes (issue 37's data export): entries stored without
// compression (invoices are PDFs and images, already compressed; the CSV and JSON parts are
// small), names in UTF-8 (flag bit 11), each entry's CRC-32 computed before its header, so
// no data descriptors. The hook runtime has no zip package; the format is a few fixed
// headers (PKWARE APPNOTE 6.3.10, sections 4.3.7, 4.3.12 and 4.3.16). Sizes stay far below
// 4 GiB (ZIP64 is not needed: an export holds one workshop's files, 5 MB each at most).

let table = null;
function crcTable() {
  if (table) return table;
  table = new Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/** CRC-32 (ISO 3309, as ZIP uses it) of a byte array. */
function crc32(bytes) {
  const t = crcTable();
  let crc = 0xffffffff;
  for (let i = 0, n = bytes.length; i < n; i++) crc = t[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function u16(out, v) {
  out.push(v & 0xff, (v >>> 8) & 0xff);
}
function u32(out, v) {
  out.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
}

/** MS-DOS time and date of `date` as read on a German clock (ZIP keeps local time, without zone). */
function dosStamp(date) {
  const day = require(`${__hooks}/lib/clock.js`).berlinDay(date);
  const [year, month, dayOfMonth] = day.iso.split('-').map(Number);
  const [hour, minute] = day.time.split(':').map(Number);
  return {
    time: ((hour << 11) | (minute << 5)) & 0xffff,
    day: (((Math.max(year, 1980) - 1980) << 9) | (month << 5) | dayOfMonth) & 0xffff,
  };
}

/**
 * The CRC-32 of what `openReader()` reads, computed by the system's gzip (whose trailer carries
 * the same CRC-32 as ZIP: RFC 1952), or undefined when gzip is not there. The JS loop above takes
 * about 1 s a megabyte in the hook runtime; gzip -1 a few milliseconds.
 */
function crc32ByGzip(openReader) {
  const reader = openReader();
  try {
    const cmd = $os.cmd('sh', '-c', 'gzip -1 -c | tail -c 8');
    cmd.stdin = reader;
    const trailer = /** @type {number[]} */ (cmd.output());
    if (trailer.length !== 8) return undefined;
    return (trailer[0] | (trailer[1] << 8) | (trailer[2] << 16) | (trailer[3] << 24)) >>> 0;
  } catch (_) {
    return undefined;
  } finally {
    reader.close();
  }
}

/**
 * A writer that hands each piece to `write(bytes)` (an array of byte values) as soon as it is
 * known: `add(name, bytes, crc?)` for each entry (a CRC already known saves computing it), then `finish()`. Returns the bytes written so far
 * with `size()`.
 */
function writer(write, now) {
  const stamp = dosStamp(now || new Date());
  const central = [];
  let offset = 0;
  let entries = 0;
  const emit = (bytes) => {
    write(bytes);
    offset += bytes.length;
  };
  return {
    add(name, data, knownCrc) {
      const nameBytes = toBytes(name);
      const crc = knownCrc === undefined ? crc32(data) : knownCrc;
      // What the local header and the central directory's entry say alike: version needed 2.0,
      // names in UTF-8, stored, time and date, CRC, both sizes, the name's length.
      const fields = (out) => {
        u16(out, 20);
        u16(out, 0x0800);
        u16(out, 0);
        u16(out, stamp.time);
        u16(out, stamp.day);
        u32(out, crc);
        u32(out, data.length);
        u32(out, data.length);
        u16(out, nameBytes.length);
        return out;
      };
      const head = [];
      u32(head, 0x04034b50);
      fields(head);
      u16(head, 0); // extra
      const at = offset;
      emit(head.concat(nameBytes));
      emit(data);
      const dir = [];
      u32(dir, 0x02014b50);
      u16(dir, 20); // made by: 2.0
      fields(dir);
      for (const none of [0, 0, 0, 0]) u16(dir, none); // extra, comment, disk, internal attributes
      u32(dir, 0); // external attributes
      u32(dir, at);
      central.push(dir.concat(nameBytes));
      entries += 1;
    },
    finish() {
      const start = offset;
      let size = 0;
      for (const dir of central) {
        emit(dir);
        size += dir.length;
      }
      const end = [];
      u32(end, 0x06054b50);
      u16(end, 0);
      u16(end, 0);
      u16(end, entries);
      u16(end, entries);
      u32(end, size);
      u32(end, start);
      u16(end, 0);
      emit(end);
    },
    size: () => offset,
  };
}

module.exports = { writer, crc32, crc32ByGzip };
