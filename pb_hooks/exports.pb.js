/// <reference path="../pb_data/types.d.ts" />
// Server-written staff files and the business partner number import (pb_hooks/lib/exports.js).

// Creating a user_file record (administrators only, by rule) makes the server write it.
onRecordCreateRequest((e) => {
  e.next();
  require(`${__hooks}/lib/exports.js`).writeUserFile(e.app, e.record);
}, 'user_file');

onRecordCreateRequest((e) => {
  // The uploader is the signed-in administrator (the create rule already insists on it).
  if (e.auth && e.auth.collection().name === 'administrators') e.record.set('uploadedByUser', e.auth.id);
  e.record.set('status', 'processing');
  e.next();
  try {
    require(`${__hooks}/lib/exports.js`).importBusinessPartnerNumbers(e.app, e.record);
  } catch (err) {
    e.app.logger().error('business partner import failed', 'file', e.record.id, 'error', String(err));
    const current = e.app.findRecordById('business_partner_number_files', e.record.id);
    current.set('status', 'failed');
    current.set('errorMessage', 'Beim Import ist ein Fehler aufgetreten. Es wurden keine Zeilen übernommen.');
    e.app.saveNoValidate(current);
  }
}, 'business_partner_number_files');

// The registrations file: daily at 02:00; the first one is written by a migration at the first start.
cronAdd('registrations-file', '0 2 * * *', () => {
  require(`${__hooks}/lib/exports.js`).writeRegistrationFile($app);
});
