// The HTTP server's open connections: each client address may hold so many at a time, and any more
// are closed as they arrive (a trusted proxy, which carries many clients, is not capped); at
// shutdown, whatever is still open can be cut.
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { log } from "../app/lib/log.server";

export interface ConnectionLimits {
  maxPerAddress: number;
  /** Whether a peer is a proxy the app trusts (its connections carry many clients). */
  isProxy: (address: string) => boolean;
}

export interface Connections {
  destroyAll(): void;
}

export function limitConnections(server: Server, limits: ConnectionLimits): Connections {
  const sockets = new Set<Socket>();
  const openPerAddress = new Map<string, number>();
  /** Addresses refused since they last had no connection open: logged once per such spell. */
  const capped = new Set<string>();

  const release = (address: string) => {
    const open = (openPerAddress.get(address) ?? 1) - 1;
    if (open > 0) {
      openPerAddress.set(address, open);
    } else {
      openPerAddress.delete(address);
      capped.delete(address);
    }
  };

  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address !== undefined && !limits.isProxy(address)) {
      const open = openPerAddress.get(address) ?? 0;
      if (open >= limits.maxPerAddress) {
        if (!capped.has(address)) {
          capped.add(address);
          log("warn", "connections_capped", { limit: limits.maxPerAddress });
        }
        // A reset rather than a close: nothing of this connection lingers on the server.
        socket.resetAndDestroy();
        return;
      }
      openPerAddress.set(address, open + 1);
      socket.once("close", () => release(address));
    }
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  return {
    destroyAll() {
      for (const socket of sockets) socket.destroy();
    },
  };
}
