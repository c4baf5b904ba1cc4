/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// A ZIP archive written as it goes (issue 37's data export), by fflate's streaming Zip (bundled
// into vendor/zip-writer.js by scripts/bundle-hooks.mjs). Entries are stored without
// compression (invoices are PDFs and images, already compressed; the CSV and JSON parts are
// small), names in UTF-8. An invoice's bytes pass through as the hook runtime read them (an
// array of byte values, which response.write takes), never converted: its CRC-32 comes from the
// system's gzip (crc32ByGzip), which takes milliseconds where a CRC loop in the hook runtime
// takes about a second a megabyte; fflate computes the small parts' CRC itself. An export holds
// one workshop's files, 5 MB each at most: far below ZIP64's 4 GiB.

/**
 * `date` as a Date whose local fields read the German wall clock (ZIP keeps local time, without zone).
 * @param {Date} date
 */
function germanWallClock(date) {
  const day = require(`${__hooks}/lib/clock.js`).berlinDay(date);
  const [year, month, dayOfMonth] = day.iso.split('-').map(Number);
  const [hour, minute] = day.time.split(':').map(Number);
  return new Date(Math.max(year, 1980), month - 1, dayOfMonth, hour, minute);
}

/**
 * The CRC-32 of what `openReader()` reads, computed by the system's gzip (whose trailer carries
 * the same CRC-32 as ZIP: RFC 1952), or undefined when gzip is not there.
 * @param {() => blob.Reader} openReader
 * @returns {number | undefined}
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
 * known: `add(name, bytes, crc?)` for each entry (with its CRC when it is known, which spares
 * computing it), then `finish()`. `size()` gives the bytes written so far.
 * @param {(bytes: number[]) => void} write
 * @param {Date} [now]
 */
function writer(write, now) {
  const { Zip, ZipPassThrough } = require(`${__hooks}/vendor/zip-writer.js`);
  const mtime = germanWallClock(now || new Date());
  let offset = 0;
  const zip = new Zip((/** @type {Error | null} */ err, /** @type {Uint8Array | number[]} */ chunk) => {
    if (err) throw err;
    // fflate's own pieces (headers, the central directory) are typed arrays; an entry's bytes
    // come back as they were added.
    const bytes = chunk instanceof Uint8Array ? Array.from(chunk) : chunk;
    write(bytes);
    offset += bytes.length;
  });
  return {
    /**
     * @param {string} name
     * @param {number[]} data
     * @param {number} [knownCrc]
     */
    add(name, data, knownCrc) {
      if (knownCrc === undefined) {
        const entry = new ZipPassThrough(name);
        entry.mtime = mtime;
        zip.add(entry);
        entry.push(new Uint8Array(data), true);
        return;
      }
      // An entry whose CRC and size are known: fflate writes its headers around the bytes.
      // (fflate's add gives it its ondata)
      /** @type {any} */
      const entry = { filename: name, size: data.length, crc: knownCrc, compression: 0, mtime };
      zip.add(entry);
      entry.ondata(null, data, true);
    },
    finish() {
      zip.end();
    },
    size: () => offset,
  };
}

module.exports = { writer, crc32ByGzip };
