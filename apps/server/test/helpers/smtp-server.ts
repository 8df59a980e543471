import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and MIME parts) as the client sent it. */
  data: string;
}

/**
 * A minimal SMTP server on loopback for tests: accepts every message (no TLS), or refuses
 * every login with 535 when `refuseAuth` is set. `mails` fills as messages arrive.
 */
export async function startSmtpServer(options: { refuseAuth?: boolean } = {}) {
  const mails: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);

    const command = (line: string) => {
      const verb = line.split(' ')[0]?.toUpperCase() ?? '';
      if (verb === 'EHLO' || verb === 'HELO')
        return reply('250-test.local\r\n250 AUTH PLAIN LOGIN');
      if (verb === 'AUTH') {
        return reply(options.refuseAuth ? '535 5.7.8 Authentication failed' : '235 2.7.0 Accepted');
      }
      if (verb === 'MAIL') {
        current = { from: /<(.*)>/.exec(line)?.[1] ?? '', to: [], data: '' };
        return reply('250 OK');
      }
      if (verb === 'RCPT') {
        current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
        return reply('250 OK');
      }
      if (verb === 'DATA') {
        inData = true;
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'QUIT') {
        reply('221 Bye');
        return socket.end();
      }
      return reply('250 OK');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          reply('250 OK: queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        command(line);
      }
    });
    socket.on('error', () => undefined);
    reply('220 test.local ESMTP');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
