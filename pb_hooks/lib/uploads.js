/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Reading uploaded CSV files and marking them failed: shared by the sales import, the
// business partner numbers and the audit verdicts.

// toString stops at 32 MB unless told otherwise; uploads may be up to 200 MB.
const MAX_UPLOAD_BYTES = 210 * 1024 * 1024;

const NOT_UTF8 = require(`${__hooks}/vendor/rules.js`).IMPORT_MESSAGES.notUtf8;

/**
 * The whole uploaded file of `record` as text, without a UTF-8 BOM.
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function readUploadText(app, record) {
  return readUpload(app, record).text;
}

/**
 * Where the upload of `record` lies: the storage folder and the file's key inside it.
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function storageKey(app, record) {
  return { root: `${app.dataDir()}/storage`, key: `${record.baseFilesPath()}/${record.getString('file')}` };
}

/**
 * The upload's text (without a byte order mark) and whether it is plain ASCII: a UTF-8 file
 * has as many characters as bytes exactly when every byte is ASCII (known without a pass over
 * the text). With local storage the file is read in one exactly sized buffer; through the
 * storage reader the buffer grows while it reads, which for a 48.6 MB sales file cost
 * PocketBase tens of MB more at its peak.
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function readUpload(app, record) {
  const { root, key } = storageKey(app, record);
  let text;
  let bytes;
  if (!app.settings().s3.enabled) {
    const file = `${root}/${key}`;
    bytes = $os.stat(file).size();
    if (bytes <= MAX_UPLOAD_BYTES) text = toString($os.readFile(file));
  }
  if (text === undefined) {
    const fsys = app.newFilesystem();
    try {
      const reader = fsys.getReader(key);
      try {
        bytes = reader.size();
        text = toString(reader, MAX_UPLOAD_BYTES);
      } finally {
        reader.close();
      }
    } finally {
      fsys.close();
    }
  }
  const ascii = text.length === bytes;
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, ascii };
}

/**
 * The upload of `record` read in chunks of `chunkBytes` from local storage (null with S3):
 * `size` in bytes, and `open()` → { next(): the next chunk as text ('' at the end), close() }.
 * Each chunk is its own string: a reader that lets go of one before asking for the next keeps
 * one chunk in memory, not the file. A chunk may end inside a multi-byte character; callers
 * check `text.length` against the bytes asked for (ASCII only has one character per byte).
 * @param {CoreApp} app
 * @param {core.Record} record
 * @param {number} chunkBytes
 */
function chunksOf(app, record, chunkBytes) {
  if (app.settings().s3.enabled) return null;
  const { root, key } = storageKey(app, record);
  const size = $os.stat(`${root}/${key}`).size();
  return {
    size,
    open() {
      // Opened inside the storage folder: no name can lead out of it.
      const handle = $os.openInRoot(root, key);
      return {
        next: () => toString(handle, chunkBytes),
        close: () => handle.close(),
      };
    },
  };
}

/**
 * Marks an upload record failed with a German message and no processed rows.
 * @param {CoreApp} app
 * @param {string} collection
 * @param {string} id
 * @param {string} message
 * @param {Record<string, unknown>} [extra] more fields to set
 */
function failUpload(app, collection, id, message, extra) {
  const record = app.findRecordById(collection, id);
  record.set('status', 'failed');
  record.set('errorMessage', message);
  record.set('successfullyProcessedRows', 0);
  record.set('failedProcessedRows', 0);
  for (const [key, value] of Object.entries(extra || {})) record.set(key, value);
  app.saveNoValidate(record);
  return record;
}

module.exports = { readUploadText, readUpload, chunksOf, failUpload, NOT_UTF8, MAX_UPLOAD_BYTES };
