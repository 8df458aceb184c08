// The browser tests' relay: a WebSocket BitTorrent tracker (bittorrent-tracker's server, the
// devDependency; its index.js would load a native WebRTC module, server.js does not) on 127.0.0.1
// at a free port. Prints "PORT <n>" once listening; stops when its standard input closes (the
// fixture in e2e/relay.py ends it so) or on SIGTERM/SIGINT.
import Server from "bittorrent-tracker/server";

const server = new Server({ udp: false, http: false, ws: true, stats: false, trustProxy: false });
server.on("error", (error) => console.error("relay error:", error.message));
server.on("warning", (error) => console.error("relay warning:", error.message));

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`PORT ${server.ws.address().port}\n`);
});
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
