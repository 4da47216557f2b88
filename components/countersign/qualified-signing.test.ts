// The panel's module for the qualified countersignature (issue #48), run against the real agent
// (bin/e-onam-imza.mjs with a SoftHSM2 token, tests/imza-agent.ts) through fetch as the browser runs it:
// the browser adds its page's Origin to every request, which `pageFetch` does here. The two steps are
// stand-ins that answer as decisions §24 says countersign/prepare and countersign do; the signature
// that reaches `finish` is checked against the certificate the module handed to `prepare`.
import { createHash, verify, X509Certificate } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AgentError,
  countersignWithAgent,
  findAgent,
  initialsOf,
  listAgentCertificates,
  pairAgent,
  saveConnection,
  savedConnection,
  signingCandidates,
  type AgentConnection,
} from "@/components/countersign/qualified-signing";
import { AGENT_ORIGIN, CHECKOUT_AGENT, physicianTokens, printed, signedAttributes, startTestAgent, type RunningTestAgent } from "@/tests/imza-agent";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-qualified-panel-"));
let agent: RunningTestAgent;

/** fetch as a page of `origin` sends it: the browser sets Origin on every cross-origin request. */
const pageFetch =
  (origin: string): typeof fetch =>
  (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin } });
const panel = { fetch: pageFetch(AGENT_ORIGIN) };

beforeAll(async () => {
  const { conf } = await physicianTokens(work, "imza-agent", ["Panel Hekim", "Panel Hekim 2"]);
  agent = await startTestAgent({ program: CHECKOUT_AGENT, conf, stateDir: path.join(work, "state") });
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the panel's qualified-signing module", () => {
  let conn: AgentConnection;

  it("finds the agent from the panel's page only, and pairs with the printed code", async () => {
    expect(await findAgent({ baseUrl: agent.baseUrl, ...panel })).toEqual({ baseUrl: agent.baseUrl, version: "0.1.0", paired: false });
    expect(await findAgent({ baseUrl: agent.baseUrl, fetch: pageFetch("https://evil.example") })).toBeNull();
    expect(await findAgent({ baseUrl: "http://127.0.0.1:9", ...panel })).toBeNull();

    const wrong = await pairAgent(agent.baseUrl, "0000-000x", panel).then(() => null, (e: unknown) => e);
    expect(wrong).toBeInstanceOf(AgentError);
    expect(wrong).toMatchObject({ code: "pairing_code_incorrect", status: 403 });
    conn = await pairAgent(agent.baseUrl, ` ${agent.code} `, panel);
    expect(await findAgent({ baseUrl: agent.baseUrl, token: conn.token, ...panel })).toMatchObject({ paired: true });

    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(savedConnection(storage, agent.baseUrl)).toBeNull();
    saveConnection(storage, conn);
    expect(savedConnection(storage, agent.baseUrl)).toEqual(conn);
  });

  it("runs prepare → the card → countersign, and the value verifies against the certificate sent to prepare", async () => {
    const certs = await listAgentCertificates(conn, panel);
    const rsa = certs.find((c) => c.key_type === "rsa")!;
    expect(rsa.non_repudiation).toBe(true);
    const attrs = signedAttributes(createHash("sha256").update("final pdf byte ranges").digest());
    const sent: unknown[] = [];
    agent.pin.write("1234\n");
    const answer = await countersignWithAgent({
      conn,
      certificate: rsa,
      consentId: "ons_261128_qqqqqqqqqqq",
      initials: initialsOf("ayşe nur yılmaz"),
      documentSha256: "cd".repeat(32),
      options: panel,
      prepare: async (fields) => {
        sent.push(fields);
        return { prepare_id: "prp_1", signed_attributes: attrs.toString("base64"), to_be_signed_sha256: createHash("sha256").update(attrs).digest("hex"), expires_at: new Date(Date.now() + 600_000).toISOString() };
      },
      finish: async (body) => ({ status: "completed", body }),
    });
    expect(sent).toEqual([{ sertifika: rsa.certificate, zincir: rsa.chain }]);
    expect(answer.body.prepare_id).toBe("prp_1");
    const key = new X509Certificate(Buffer.from(rsa.certificate, "base64")).publicKey;
    expect(verify("sha256", attrs, key, Buffer.from(answer.body.imza_degeri, "base64"))).toBe(true);
    expect(await printed(agent, "Kişi (baş harfler): A. N. Y.")).toContain("Onam:              ons_261128_qqqqqqqqqqq");
  });

  it("signs nothing when the service's signed attributes do not match their digest, and passes the agent's refusals on", async () => {
    const [cert] = await listAgentCertificates(conn, panel);
    const attrs = signedAttributes(Buffer.alloc(32, 3));
    let finished = false;
    const run = (digest: string) =>
      countersignWithAgent({
        conn,
        certificate: cert!,
        consentId: "ons_261128_qqqqqqqqqqq",
        initials: "A. Y.",
        documentSha256: "cd".repeat(32),
        options: panel,
        prepare: async () => ({ prepare_id: "prp_2", signed_attributes: attrs.toString("base64"), to_be_signed_sha256: digest, expires_at: "" }),
        finish: async () => {
          finished = true;
        },
      }).then(() => null, (e: unknown) => e);
    const before = agent.out().split("İmza isteği").length;
    expect(await run("00".repeat(32))).toMatchObject({ code: "prepare_mismatch" });
    expect(agent.out().split("İmza isteği").length, "the agent was never asked").toBe(before);
    agent.pin.write("\n");
    expect(await run(createHash("sha256").update(attrs).digest("hex"))).toMatchObject({ code: "declined", status: 403 });
    expect(finished).toBe(false);
  });

  it("offers certificates valid now, qualified ones first", () => {
    const cert = (id: string, nr: boolean, from: string, to: string) => ({ id, non_repudiation: nr, not_before: from, not_after: to }) as Parameters<typeof signingCandidates>[0][number];
    const now = new Date("2026-11-28T10:00:00Z");
    const list = [cert("auth", false, "2025-01-01T00:00:00Z", "2028-01-01T00:00:00Z"), cert("expired", true, "2020-01-01T00:00:00Z", "2026-01-01T00:00:00Z"), cert("nes", true, "2025-01-01T00:00:00Z", "2027-01-01T00:00:00Z")];
    expect(signingCandidates(list, now).map((c) => c.id)).toEqual(["nes", "auth"]);
  });

  it("shows the agent no more of the person than initials", () => {
    expect(initialsOf("  İsmail   ılgaz ")).toBe("İ. I.");
    expect(initialsOf("Çağla Şen Öztürk")).toBe("Ç. Ş. Ö.");
  });
});

describe("the agent's address", () => {
  it("is the one the panel's pages may reach (CSP connect-src) and the agent's default port", async () => {
    const { IMZA_AGENT_ORIGIN } = await import("@/lib/security-headers");
    const { AGENT_URL } = await import("@/components/countersign/qualified-signing");
    expect(AGENT_URL).toBe(IMZA_AGENT_ORIGIN);
  });
});
