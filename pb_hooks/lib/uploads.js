/// <reference path="../../pb_data/types.d.ts" />

// Reading uploaded CSV files and marking them failed: shared by the sales import, the
// business partner numbers and the audit verdicts.

// toString stops at 32 MB unless told otherwise; uploads may be up to 200 MB.
const MAX_UPLOAD_BYTES = 210 * 1024 * 1024;

const NOT_UTF8 = 'Die Datei ist nicht UTF-8-kodiert. Bitte speichern Sie sie als „CSV UTF-8“ und laden Sie sie erneut hoch.';

/** The whole uploaded file of `record` as text, without a UTF-8 BOM. */
function readUploadText(app, record) {
  const fsys = app.newFilesystem();
  let text;
  try {
    const reader = fsys.getReader(`${record.baseFilesPath()}/${record.getString('file')}`);
    try {
      text = toString(reader, MAX_UPLOAD_BYTES);
    } finally {
      reader.close();
    }
  } finally {
    fsys.close();
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Marks an upload record failed with a German message and no processed rows. */
function failUpload(app, collection, id, message, extra) {
  const record = app.findRecordById(collection, id);
  record.set('status', 'failed');
  record.set('errorMessage', message);
  record.set('successfullyProcessedRows', 0);
  record.set('failedProcessedRows', 0);
  for (const key of Object.keys(extra || {})) record.set(key, extra[key]);
  app.saveNoValidate(record);
  return record;
}

module.exports = { readUploadText, failUpload, NOT_UTF8, MAX_UPLOAD_BYTES };
