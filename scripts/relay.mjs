#!/usr/bin/env node
/**
 * The relay of two-machine games (`npm run relay`): the Yjs library's own WebSocket server
 * (@y/websocket-server), nothing of ours, with its documented LevelDB persistence (y-leveldb), so the
 * rooms it holds survive a restart of the relay. The relay only carries the players' lists of signed
 * messages; every message is judged by the players' own machines.
 *
 *   npm run relay                         localhost:1234, rooms kept in ./relay-data
 *   HOST=0.0.0.0 PORT=1234 npm run relay  reachable from other computers (a club's machine)
 *   YPERSISTENCE=/var/lib/infinity-relay npm run relay   rooms kept elsewhere
 *   YPERSISTENCE= npm run relay           nothing kept: rooms live while the relay runs
 *
 * HOST, PORT and YPERSISTENCE are the library's own settings (node_modules/@y/websocket-server/README.md).
 */
import http from 'node:http';
import { resolve } from 'node:path';

const host = process.env.HOST || 'localhost';
const port = Number.parseInt(process.env.PORT || '1234', 10);
if (process.env.YPERSISTENCE === undefined) process.env.YPERSISTENCE = resolve('relay-data');
// Empty: nothing kept (the library would take an empty string for a folder).
if (process.env.YPERSISTENCE === '') delete process.env.YPERSISTENCE;
const dir = process.env.YPERSISTENCE;

// The library reads YPERSISTENCE when its module is loaded: set above, before it is. `ws` is the one
// the library itself depends on (its Server, as its own server.js makes it).
const { default: WebSocket } = await import('ws');
const { setupWSConnection } = await import('@y/websocket-server/utils');

const wss = new WebSocket.Server({ noServer: true });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('okay');
});
wss.on('connection', setupWSConnection);
server.on('upgrade', (request, socket, head) => {
  wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
});
server.listen(port, host, () => {
  console.log(`Infinity Table relay at ws://${host}:${port} (${dir ? `rooms kept in ${dir}` : 'rooms kept in memory only'})`);
  if (host === 'localhost') console.log('Other computers cannot reach it: start it with HOST=0.0.0.0 for them, and give them this machine\'s address.');
});
const stop = () => {
  server.close();
  wss.close();
  // y-leveldb writes each update as it comes: nothing more to flush.
  setTimeout(() => process.exit(0), 200).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
