// The test PKI's network side: a real OCSP responder (`openssl ocsp -port`, RFC 6960 over HTTP) for
// the issuing CA, and a tiny HTTP server for every CA's CRL, both on 127.0.0.1 ports the
// certificates already name.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { PkiCertificate } from "./types";

export interface RunningServices {
  stop(): Promise<void>;
}

interface ServiceOptions {
  ocspPort: number;
  crlPort: number;
  issuing: PkiCertificate;
  ocspSigner: PkiCertificate;
  index: string;
  /** request path → CRL file (DER), read on every request */
  crls(): Map<string, string>;
}

/**
 * Until the responder says it accepts connections. Not by connecting to it: OpenSSL 3.0's responder
 * spins on a connection closed without a request.
 */
async function listening(child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (/waiting for OCSP client connections/.test(log())) return;
    if (child.exitCode !== null) throw new Error(`openssl ocsp exited: ${log()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`openssl ocsp did not start: ${log()}`);
}

export async function startServices(o: ServiceOptions): Promise<RunningServices> {
  const issuerFile = o.issuing.certFile;
  let output = "";
  const responder = spawn(
    "openssl",
    ["ocsp", "-index", o.index, "-port", String(o.ocspPort), "-rsigner", o.ocspSigner.certFile, "-rkey", o.ocspSigner.keyFile, "-CA", issuerFile, "-ndays", "7"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  // A test that dies without stop() leaves no responder behind.
  const killOnExit = () => responder.kill();
  process.once("exit", killOnExit);
  responder.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  responder.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const crlServer = http.createServer((req, res) => {
    const file = o.crls().get(req.url ?? "");
    if (!file || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/pkix-crl" }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve, reject) => {
    crlServer.once("error", reject);
    crlServer.listen(o.crlPort, "127.0.0.1", () => resolve());
  });
  try {
    await listening(responder, () => output);
  } catch (err) {
    responder.kill();
    await new Promise<void>((r) => crlServer.close(() => r()));
    throw err;
  }
  return {
    async stop() {
      process.off("exit", killOnExit);
      if (responder.exitCode === null) {
        const exited = new Promise<void>((r) => responder.once("exit", () => r()));
        responder.kill();
        await exited;
      }
      crlServer.closeAllConnections();
      await new Promise<void>((r) => crlServer.close(() => r()));
    },
  };
}
