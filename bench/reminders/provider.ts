/**
 * A bare SMS provider's webhook in a process of its own: answers every text at once and counts the texts each
 * number got. `GET /counts` answers the counts since the last call and starts again.
 */
import { createServer } from 'node:http';

let counts = new Map<string, number>();
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/counts') {
    const body = JSON.stringify(Object.fromEntries(counts));
    counts = new Map();
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  }
  if (req.method === 'GET') return void res.writeHead(200).end('ok');
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const { to } = JSON.parse(body) as { to: string };
    counts.set(to, (counts.get(to) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
