import net from 'node:net';

/** A free TCP port on loopback (the sandbox issuer URL must be known before listening). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Just enough of a browser for the sign-in redirects: keeps cookies (by name, one host) and
 * follows nothing by itself, so each hop can be looked at.
 */
export class TinyBrowser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves `stopAt` (answered as the final Location). */
  async follow(
    url: string,
    stopAt: (url: URL) => boolean,
  ): Promise<{ response: Response; url: URL }> {
    let current = new URL(url);
    for (let hop = 0; hop < 10; hop += 1) {
      if (stopAt(current)) return { response: new Response(null), url: current };
      const response = await this.fetch(current.toString());
      const location = response.headers.get('location');
      if (!location || response.status < 300 || response.status >= 400)
        return { response, url: current };
      await response.arrayBuffer();
      current = new URL(location, current);
    }
    throw new Error('too many redirects');
  }
}
