/**
 * A realtime client as an attacker writes it: the SSE stream read with fetch, subscriptions
 * posted as raw topic strings (options and all), every message kept. The SDK would encode
 * options itself and hide what is sent.
 */
export interface RealtimeMessage {
  event: string;
  data: any;
}

export interface RealtimeClient {
  clientId: string;
  messages: RealtimeMessage[];
  /** Posts the topics as given; returns status and body of PocketBase's answer. */
  subscribe(topics: string[], token?: string): Promise<{ status: number; json: any }>;
  close(): void;
}

export async function connectRealtime(baseUrl: string): Promise<RealtimeClient> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/realtime`, { signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`realtime connect answered ${res.status}`);
  const messages: RealtimeMessage[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let resolveId!: (id: string) => void;
  let rejectId!: (err: Error) => void;
  const idPromise = new Promise<string>((resolve, reject) => {
    resolveId = resolve;
    rejectId = reject;
  });

  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          let parsed: any = data.join('\n');
          try {
            parsed = JSON.parse(parsed);
          } catch {
            // not JSON: keep the text
          }
          if (event === 'PB_CONNECT') resolveId(parsed.clientId);
          else messages.push({ event, data: parsed });
        }
      }
      rejectId(new Error('realtime stream ended before PB_CONNECT'));
    } catch (err) {
      rejectId(err as Error);
    }
  })();

  const clientId = await idPromise;
  return {
    clientId,
    messages,
    async subscribe(topics, token) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = token;
      const r = await fetch(`${baseUrl}/api/realtime`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ clientId, subscriptions: topics }),
      });
      const text = await r.text();
      let json: any = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: r.status, json };
    },
    close() {
      controller.abort();
    },
  };
}

/** A topic with subscription options, encoded as the JS SDK encodes them. */
export function topicWithOptions(topic: string, options: unknown) {
  return `${topic}?options=${encodeURIComponent(JSON.stringify(options))}`;
}
