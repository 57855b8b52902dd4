import type { IncomingMessage, Server } from 'node:http';

/** Reads a request body whole; `undefined` when it is larger than `maxBytes` (read to the end, not kept). */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > maxBytes ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Stops a server and drops its open keep-alive connections, so closing never hangs. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
