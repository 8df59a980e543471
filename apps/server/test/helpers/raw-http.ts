import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** The request target exactly as sent: nothing normalizes it on the way. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Sends one HTTP/1.1 request over a plain socket and reads the answer. Unlike inject or
 * fetch, nothing resolves dot segments, decodes escapes or checks sizes before the server
 * sees the bytes, so this reaches Node's parser and the router exactly as a client wrote it.
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  const headers: Record<string, string> = {
    host: 'localhost:3000',
    connection: 'close',
    ...(request.body !== undefined
      ? { 'content-length': String(Buffer.byteLength(request.body)) }
      : {}),
    ...request.headers,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return sendRaw(
    port,
    `${request.method ?? 'GET'} ${request.target} HTTP/1.1\r\n${head}\r\n${request.body ?? ''}`,
  );
}

/** Writes `bytes` as they are and parses whatever answer comes back before the socket closes. */
export function sendRaw(port: number, bytes: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write(bytes));
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may reset the connection right after answering a request it refused.
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks).toString('latin1')));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

function parseResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no complete HTTP answer: ${JSON.stringify(text)}`);
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? Number.NaN);
  const rest = text.slice(end + 4);
  const body = Number.isNaN(length) ? rest : rest.slice(0, length);
  return { status, headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}
