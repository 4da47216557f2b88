// `e-onam-imza`: the physician's signing agent (issue #48 part 2). It runs on the clinic PC beside the
// card reader, answers the one panel it is started for, and signs with the card through its PKCS#11
// library. It stays free of the service's settings, database and Next.js: imza-agent/build.mjs bundles
// it into one file.
import os from "node:os";
import path from "node:path";
import { openCard, type Card } from "@/lib/imza-agent/card";
import { Pairing } from "@/lib/imza-agent/pairing";
import { pinSource } from "@/lib/imza-agent/pin-prompt";
import { startAgent, type RunningAgent } from "@/lib/imza-agent/server";
import { AGENT_VERSION } from "@/lib/imza-agent/version";

export const DEFAULT_PORT = 17345;

const USAGE = `usage: e-onam-imza --origin <https://panel adresi> --module <PKCS#11 kütüphanesi> [--port ${DEFAULT_PORT}] [--state-dir <klasör>]

  --origin     e-Onam panelinin adresi (ör. https://klinik.example); yalnızca ondan gelen istekler yanıtlanır
  --module     kartın PKCS#11 kütüphanesi (ör. /usr/lib/libakisp11.so, C:\\Windows\\System32\\akisp11.dll)
  --port       127.0.0.1 üzerindeki kapı (varsayılan ${DEFAULT_PORT})
  --state-dir  eşleştirmelerin saklandığı klasör (varsayılan ~/.e-onam-imza)
  --pin-from-fd <n>  (yalnızca testler) PIN'i terminal yerine bu dosya tanımlayıcısından, imza başına bir satır okur`;

export interface AgentArgs {
  origin: string;
  module: string;
  port: number;
  stateDir: string;
  pinFd?: number;
}

export class UsageError extends Error {}

/** The origin exactly as a browser sends it: https (or http on the loopback, for development), no path. */
export function parseOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--origin: "${text}" bir adres değil`);
  }
  const loopback = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) throw new UsageError("--origin: https:// ile başlamalı (http yalnızca localhost için)");
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) throw new UsageError("--origin: yalnızca şema, ad ve kapı (ör. https://klinik.example)");
  return url.origin;
}

export function parseArgs(argv: string[]): AgentArgs | "help" | "version" {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--help" || a === "-h") return "help";
    if (a === "--version") return "version";
    const [name, inline] = a.split("=", 2) as [string, string | undefined];
    if (!["--origin", "--module", "--port", "--state-dir", "--pin-from-fd"].includes(name)) throw new UsageError(`bilinmeyen seçenek: ${a}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`${name} bir değer ister`);
    values.set(name, value);
  }
  const origin = values.get("--origin");
  const modulePath = values.get("--module");
  if (!origin) throw new UsageError("--origin gerekli");
  if (!modulePath) throw new UsageError("--module gerekli");
  const port = Number(values.get("--port") ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("--port 0–65535 arası bir sayı olmalı");
  const fd = values.get("--pin-from-fd");
  const pinFd = fd === undefined ? undefined : Number(fd);
  if (pinFd !== undefined && !(Number.isInteger(pinFd) && pinFd >= 3)) throw new UsageError("--pin-from-fd 3 ya da büyük bir sayı olmalı");
  return { origin: parseOrigin(origin), module: path.resolve(modulePath), port, stateDir: values.get("--state-dir") ?? path.join(os.homedir(), ".e-onam-imza"), pinFd };
}

/** Starts the agent; resolves once it listens. Exit codes for run-cli: 2 for a command line it cannot use, 1 otherwise. */
export async function runAgent(args: AgentArgs, print: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<RunningAgent> {
  const card: Card = await openCard(args.module);
  const pin = pinSource({ fd: args.pinFd, write: (s) => process.stdout.write(s) });
  const pairing = new Pairing(args.origin, args.stateDir);
  let agent: RunningAgent;
  try {
    agent = await startAgent({ origin: args.origin, port: args.port, card, pairing, pin, print });
  } catch (err) {
    card.close();
    pin.close();
    throw err;
  }
  print(`e-onam-imza ${AGENT_VERSION}: http://127.0.0.1:${agent.port} — yalnızca ${args.origin} için`);
  print(`Eşleştirme kodu: ${pairing.displayCode} (panelde bir kez girin)`);
  return {
    port: agent.port,
    async close() {
      await agent.close();
      pin.close();
      card.close();
    },
  };
}

export { USAGE };
