// @ts-check
// The front (decision 030): the headers of a forwarded request and of PocketBase's answer.

/**
 * A request's headers as PocketBase gets them: hop-by-hop ones dropped, the visitor's address set.
 * @param {import('node:http').IncomingHttpHeaders} given
 * @param {string} address
 * @param {string} host
 * @returns {import('node:http').IncomingHttpHeaders}
 */
export function upstreamHeaders(given, address, host) {
  const headers = { ...given };
  const listed = typeof headers.connection === 'string' ? headers.connection.toLowerCase().split(',') : [];
  for (const name of listed) delete headers[name.trim()];
  delete headers.connection;
  delete headers['keep-alive'];
  headers.host = host;
  headers['x-forwarded-for'] = address;
  return headers;
}

/** Headers of PocketBase's answer that belong to the front's connection to it, not to the visitor's. */
const HOP_BY_HOP = ['connection', 'keep-alive'];

/**
 * PocketBase's answer's headers as the visitor gets them (hop-by-hop ones dropped).
 * @param {Record<string, unknown>} given
 */
export function downstreamHeaders(given) {
  const headers = { ...given };
  for (const name of HOP_BY_HOP) delete headers[name];
  return headers;
}

/**
 * PocketBase's raw answer headers (name, value, name, value as undici reads them) for writeHead, hop-by-hop ones dropped.
 * @param {Buffer[]} raw
 */
export function downstreamRawHeaders(raw) {
  /** @type {string[]} */
  const headers = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = String(raw[i]?.toString('latin1'));
    if (HOP_BY_HOP.includes(name.toLowerCase())) continue;
    headers.push(name, String(raw[i + 1]?.toString('latin1')));
  }
  return headers;
}
