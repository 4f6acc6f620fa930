import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a fake provider's HTTP server on a free port of 127.0.0.1: its base address, and a close
 * that ends kept-alive connections too (the app's fetch keeps them open between tests).
 */
export async function serveOnLoopback(server: http.Server): Promise<{ base: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
