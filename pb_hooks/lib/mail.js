/// <reference path="../../pb_data/types.d.ts" />

function escapeHtml(value) {
  return String(value == null ? '' : value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A German mail in the portal's plain layout; `paragraphs` are already escaped HTML. */
function render(greetingName, paragraphs) {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<p>Hallo ${escapeHtml(greetingName)},</p>\n${body}\n<p>Viele Grüße<br>Ihr Team der NORA Cashback-Aktion</p>`;
}

/** Sends one mail through the configured SMTP server. Failures are logged, never thrown. */
function sendMail(app, to, subject, html) {
  try {
    const meta = app.settings().meta;
    const message = new MailerMessage({
      from: { address: meta.senderAddress, name: meta.senderName },
      to: [{ address: to }],
      subject: subject,
      html: html,
    });
    app.newMailClient().send(message);
    return true;
  } catch (err) {
    app.logger().error('mail failed', 'to', to, 'subject', subject, 'error', String(err));
    return false;
  }
}

module.exports = { escapeHtml, render, sendMail };
