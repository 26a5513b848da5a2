import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { harnessFolder } from './harnessFolder.js';

// The few answers of httpbin.org that Prism's `proxy` cases call, served locally: the cases name
// http://httpbin.org, and the runner points them here (HARNESS.md says so). As httpbin answers them:
// /status/<code> with an empty text/html body, /json its slideshow, /html its Moby-Dick page.

const SLIDESHOW = {
  slideshow: {
    author: 'Yours Truly',
    date: 'date of publication',
    slides: [
      { title: 'Wake up to WonderWidgets!', type: 'all' },
      {
        items: ['Why <em>WonderWidgets</em> are great', 'Who <em>buys</em> WonderWidgets'],
        title: 'Overview',
        type: 'all',
      },
    ],
    title: 'Sample Slide Show',
  },
};

/** httpbin's /html page, as the harness's passthrough case expects it (read there, not copied here). */
function htmlPage(): string {
  const text = readFileSync(join(harnessFolder(), 'specs/proxy/proxy.passthrough.txt'), 'utf8');
  const expected = text.split('====expect====\n')[1] ?? '';
  return expected.slice(expected.search(/\r?\n\r?\n/)).replace(/^\r?\n\r?\n/, '');
}

export function startHttpbin(): Promise<{ server: Server; url: string }> {
  const html = htmlPage();
  const server = createServer((req, res) => {
    const status = /^\/status\/(\d{3})$/.exec(req.url ?? '');
    if (status) {
      res.writeHead(Number(status[1]), { 'content-type': 'text/html; charset=utf-8' }).end();
    } else if (req.url === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SLIDESHOW, null, 2));
    } else if (req.url === '/html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}
