/**
 * The bench's yardstick: a bare node:http server answering a constant JSON body, in its own
 * process like the app. Every result is printed as a share of what this serves on the same
 * machine at the same moment, so a busy machine moves both numbers, not the ratio.
 */
import http from 'node:http';

const body = JSON.stringify({ team: { id: 'bench', name: 'Bench team' }, ok: true });
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
