/* Read the game's Python archive in the browser: build/python.tar.gz, for web/pyodide_early.mjs.
 *
 * The archive is a gzip-compressed tar (POSIX ustar, as tools/pyscript_files.py writes it). It is
 * inflated by the browser's own DecompressionStream("gzip") as its bytes arrive, while Pyodide is
 * still loading, so that by the time Pyodide is up only the tar's headers are left to read.
 * web/pyodide_early.mjs uses it; tests/test_pyscript_config.py runs it in Node on the built archive.
 */

const BLOCK = 512;

/**
 * Why the archive could not be read: `kind` "network" (its bytes stopped coming: the connection
 * was reset, the network went away) or "damaged" (they came, but are no good .tar.gz: a gzip or tar
 * error, a member cut short), which web/pyodide_early.mjs tells apart on the page.
 */
export class ArchiveError extends Error {
  constructor(kind, message, cause) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "ArchiveError";
    this.kind = kind;
  }
}

const damaged = (message) => new ArchiveError("damaged", `tar archive: ${message}`);

/** Whether this browser can inflate gzip (else: let Pyodide unpack the archive). */
export const canInflate = typeof DecompressionStream === "function";

/** Whether `bytes` begin as a gzip stream does. */
export const isGzip = (bytes) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The bytes of the stream `body` (a ReadableStream), inflated if it is gzip. A host that serves
 * the .tar.gz with "Content-Encoding: gzip" has the browser inflate it already: then it is passed
 * through as it is. Fails with an ArchiveError: "network" when reading `body` fails, "damaged"
 * when inflating does.
 */
export async function gunzip(body) {
  const reader = body.getReader();
  let broken = null;  // the error reading `body`, if any
  const read = () => reader.read().catch((error) => { broken = error; throw error; });
  let first;
  try {
    first = await read();
  } catch (error) {
    throw new ArchiveError("network", `download failed: ${error && error.message ? error.message : error}`, error);
  }
  const head = first.done ? new Uint8Array(0) : first.value;
  const whole = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const { done, value } = await read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const stream = isGzip(head) ? whole.pipeThrough(new DecompressionStream("gzip")) : whole;
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (error) {
    const why = error && error.message ? error.message : String(error);
    if (broken) throw new ArchiveError("network", `download failed: ${why}`, error);
    throw new ArchiveError("damaged", `gzip: ${why}`, error);
  }
}

function field(header, start, length, text) {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return text.decode(end < 0 ? bytes : bytes.subarray(0, end));
}

/**
 * The regular files of the tar archive `bytes` (a Uint8Array), as [path, bytes] pairs in the
 * archive's order. Folders are left out (a file's path names them); any other kind of member, or
 * a header whose checksum is wrong, is an error.
 */
export function untar(bytes) {
  const text = new TextDecoder();
  const files = [];
  for (let at = 0; at + BLOCK <= bytes.length;) {
    const header = bytes.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;  // the end: two zero blocks
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    if (sum !== parseInt(field(header, 148, 8, text).trim(), 8)) throw damaged(`bad header at byte ${at}`);
    const name = field(header, 0, 100, text);
    const prefix = field(header, 345, 155, text);
    const size = parseInt(field(header, 124, 12, text).trim() || "0", 8);
    const type = String.fromCharCode(header[156]);
    at += BLOCK;
    if (type === "0" || type === "\0") {
      if (at + size > bytes.length) throw damaged(`${name} is truncated`);
      files.push([prefix ? `${prefix}/${name}` : name, bytes.subarray(at, at + size)]);
    } else if (type !== "5") {
      throw damaged(`${name}: unsupported member type ${JSON.stringify(type)}`);
    }
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
