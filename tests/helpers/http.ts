import { blob, multipart, type Actor } from './fixtures';

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/**
 * A raw API call as an attacker or the SPA makes it: exact status and body, no
 * SDK error handling in between. JSON for plain objects, multipart for FormData.
 */
export async function request(
  baseUrl: string,
  actor: Actor | null,
  method: string,
  path: string,
  body?: FormData | object,
  extraHeaders: Record<string, string> = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = actor ? { Authorization: actor.token, ...extraHeaders } : { ...extraHeaders };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A staff member's upload of a CSV file to `collection`, as the data area sends it, with `fields` beside it. */
export function uploadStaffCsv(
  baseUrl: string,
  actor: Actor,
  collection: string,
  csv: string,
  filename: string,
  fields: Record<string, string> = {},
) {
  return request(
    baseUrl,
    actor,
    'POST',
    `/api/collections/${collection}/records`,
    multipart({ filename, ...fields }, blob(csv, 'text/csv'), filename),
  );
}

/** A staff member's upload of a sales CSV, as the data area sends it. */
export function uploadSalesCsv(baseUrl: string, actor: Actor, csv: string, filename = 'umsatz.csv') {
  return uploadStaffCsv(baseUrl, actor, 'sales_data_files', csv, filename);
}
