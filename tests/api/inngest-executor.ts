// A local stand-in for an Inngest server (Cloud or `inngest start`), speaking the SDK's HTTP protocol
// so that tests can drive /api/inngest under `next start` the way Inngest does. The real server cannot
// be installed here (its CLI downloads a binary). What it does, and what this fake does:
//
// - Sync: someone sends `PUT /api/inngest`; the SDK in the service then registers its functions with
//   `POST {INNGEST_BASE_URL}/fn/register` (Authorization: Bearer <hashed signing key>), a body with
//   the serve `url` and one config per function: id `<app>-<function>`, triggers, and the URL of its
//   `step` to call. The fake records the configs.
// - Events: the service's `inngest.send()` posts a JSON array to `{INNGEST_BASE_URL}/e/{event key}`;
//   Inngest drops an event whose `id` it has seen, and answers `{ ids, status: 200 }`.
// - Execution: for each run, the executor POSTs to the step URL (`?fnId=…&stepId=step`) a body
//   `{ event, events, steps, ctx: { run_id, attempt, stack }, version }`, where `steps` holds every
//   step result so far (memoized, by hashed step id), signed with `X-Inngest-Signature: t=<unix
//   seconds>&s=<hex HMAC-SHA256>` over the body followed by t, keyed with the signing key without its
//   `signkey-<env>-` prefix. The SDK replays the function up to the first step without a result and
//   answers 206 with the op it reached: `StepRun` (it ran the step; `data` is the result to memoize),
//   `Sleep` (`name` is the duration; the executor calls again once it has passed, the sleep memoized
//   with `null`), … — or 200 with the function's return value. Its reply is signed the same way.
//
// - Checkpointing (how a current executor calls a v4 SDK, `checkpointing: true` here): the request
//   also carries the run's internal function id and queue item (`ctx.fn_id`, `ctx.qi_id`). The SDK
//   then runs step after step in the same request, reporting each finished one with
//   `POST {INNGEST_BASE_URL}/v1/checkpoint/{run id}/async` (`{ steps: [ops] }`, the same Bearer), and
//   answers 206 only at a sleep, or with a `RunComplete` op carrying the return value. Without those
//   ids it uses the plain protocol above, one step per request, its fallback when checkpointing fails.
import { createHmac, createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import canonicalize from "canonicalize";

export interface InngestEvent {
  id: string;
  name: string;
  data: Record<string, unknown>;
  ts?: number;
}

export interface FunctionConfig {
  id: string;
  name: string;
  triggers: ({ event: string } | { cron: string })[];
  steps: Record<string, { id: string; runtime: { type: string; url: string } }>;
}

/** An op the SDK answered with; `displayName` is the step id the function gave it. */
export interface Op {
  op: string;
  id: string;
  displayName?: string;
  name?: string;
  data?: unknown;
  error?: unknown;
}

/** Where a run stands after untilSleepOrEnd(): the steps it ran, then asleep or done. */
export type Progress =
  | { ran: string[]; sleep: { step: string; duration: string } }
  | { ran: string[]; result: unknown };

/** HMAC-SHA256 of body + timestamp with the key as text, as the SDK computes and checks it. */
function hmac(signingKey: string, body: string, ts: string): string {
  return createHmac("sha256", signingKey.replace(/^signkey-\w+-/, "")).update(body + ts).digest("hex");
}

export function signatureHeader(signingKey: string, body: string, at = Date.now()): string {
  const ts = String(Math.round(at / 1000));
  return `t=${ts}&s=${hmac(signingKey, body, ts)}`;
}

export class FakeInngest {
  readonly signingKey = `signkey-test-${randomBytes(32).toString("hex")}`;
  readonly eventKey = randomBytes(16).toString("hex");
  /** the configs of the last register call */
  functions: FunctionConfig[] = [];
  /** the serve URL the SDK registered */
  appUrl = "";
  /** events received, one per id as Inngest keeps them */
  readonly events: InngestEvent[] = [];
  /** requests to the API refused for a wrong key, which a test expects to stay empty */
  readonly refused: string[] = [];
  private readonly runs = new Map<string, FakeRun>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeInngest> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const self = new FakeInngest(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => self.answer(req, Buffer.concat(chunks).toString("utf8"), res));
    });
    return self;
  }

  /** The settings that point the service's SDK here (a self-hosted server, cloud mode: requests signed). */
  get env(): Record<string, string> {
    return { INNGEST_BASE_URL: this.url, INNGEST_SIGNING_KEY: this.signingKey, INNGEST_EVENT_KEY: this.eventKey };
  }

  private answer(req: http.IncomingMessage, raw: string, res: http.ServerResponse): void {
    const json = (status: number, body: unknown): void => void res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    const url = new URL(req.url ?? "/", this.url);
    // The SDK authenticates to the API with the SHA-256 of the key's bytes, keeping the prefix.
    const hashed = `signkey-test-${createHash("sha256").update(Buffer.from(this.signingKey.slice("signkey-test-".length), "hex")).digest("hex")}`;
    const checkpoint = /^\/v1\/checkpoint\/([^/]+)\/async$/.exec(url.pathname);
    if (req.method === "POST" && (url.pathname === "/fn/register" || checkpoint) && req.headers.authorization !== `Bearer ${hashed}`) {
      this.refused.push(url.pathname);
      return json(401, { error: "unauthorized" });
    }
    if (req.method === "POST" && checkpoint) {
      const target = this.runs.get(decodeURIComponent(checkpoint[1]!));
      if (!target) return json(404, { error: "no such run" });
      target.checkpointed((JSON.parse(raw) as { steps: Op[] }).steps);
      return json(200, {});
    }
    if (req.method === "POST" && url.pathname === "/fn/register") {
      const body = JSON.parse(raw) as { url: string; functions: FunctionConfig[] };
      this.appUrl = body.url;
      this.functions = body.functions;
      return json(200, { ok: true, modified: true });
    }
    if (req.method === "POST" && url.pathname.startsWith("/e/")) {
      if (url.pathname !== `/e/${this.eventKey}`) {
        this.refused.push("event");
        return json(401, { error: "Event key not found", status: 401 });
      }
      const sent = JSON.parse(raw) as InngestEvent[];
      for (const e of sent) if (!this.events.some((seen) => seen.id === e.id)) this.events.push({ ts: Date.now(), ...e });
      return json(200, { ids: sent.map((e) => e.id), status: 200 });
    }
    json(404, { error: "not found" });
  }

  /** The sync request anyone may send; the SDK answers after registering with this server. */
  async sync(serveUrl: string): Promise<Response> {
    return fetch(serveUrl, { method: "PUT" });
  }

  /** Events of one name received so far. */
  named(name: string): InngestEvent[] {
    return this.events.filter((e) => e.name === name);
  }

  /** A new run of a registered function (`<app>-<function>` id), triggered by the event. */
  run(fnId: string, event: InngestEvent, options: { checkpointing?: boolean } = {}): FakeRun {
    const fn = this.functions.find((f) => f.id === fnId);
    if (!fn) throw new Error(`function ${fnId} is not registered (got ${this.functions.map((f) => f.id).join(", ")})`);
    const r = new FakeRun(fn.steps.step!.runtime.url, event, this.signingKey, options.checkpointing ?? false);
    this.runs.set(r.runId, r);
    return r;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export class FakeRun {
  readonly runId = `01${randomBytes(12).toString("hex").toUpperCase()}`;
  private readonly internalFnId = randomUUID();
  /** every op the SDK answered, in order */
  readonly ops: Op[] = [];
  /** memoized step results by hashed id, in the order they completed */
  private readonly steps = new Map<string, unknown>();
  private sleeping: Op | undefined;
  private version = -1;
  /** steps the SDK reported through the checkpoint API during the current request */
  private pending: Op[] = [];

  constructor(
    private readonly stepUrl: string,
    private readonly event: InngestEvent,
    private readonly signingKey: string,
    private readonly checkpointing: boolean,
  ) {}

  /** how many times the SDK reported steps through the checkpoint API */
  checkpoints = 0;

  /** The checkpoint API received finished steps of this run. */
  checkpointed(ops: Op[]): void {
    this.checkpoints++;
    this.pending.push(...ops);
  }

  /** The memoized result of a step, by the id the function gave it. */
  output(step: string): unknown {
    const op = this.ops.find((o) => o.displayName === step && o.op === "StepRun");
    return op ? this.steps.get(op.id) : undefined;
  }

  /**
   * Calls the function until it sleeps or returns, as the executor would; a run asleep is woken
   * first (its sleep memoized as over). When a sleep is over is the caller's to decide.
   */
  async untilSleepOrEnd(): Promise<Progress> {
    if (this.sleeping) {
      this.steps.set(this.sleeping.id, null);
      this.sleeping = undefined;
    }
    const ran: string[] = [];
    for (let i = 0; i < 50; i++) {
      this.pending = [];
      const reply = await this.request();
      if (reply.status === 200) return { ran: [...ran, ...this.memoize(this.pending)], result: reply.body };
      const ops = reply.body as Op[];
      if (reply.status !== 206 || ops.length !== 1) throw new Error(`unexpected reply ${reply.status}: ${JSON.stringify(reply.body)}`);
      ran.push(...this.memoize([...this.pending, ...ops]));
      const op = ops[0]!;
      if (op.op === "Sleep") {
        this.sleeping = op;
        return { ran, sleep: { step: op.displayName ?? op.id, duration: op.name ?? "" } };
      }
      if (op.op === "RunComplete") return { ran, result: op.data };
      if (op.op !== "StepRun") throw new Error(`op ${op.op} is not handled by this fake executor: ${JSON.stringify(op)}`);
    }
    throw new Error("the run did not sleep or end within 50 requests");
  }

  /** Records finished steps (StepRun) as the executor does; returns the step ids they ran. */
  private memoize(ops: Op[]): string[] {
    this.ops.push(...ops);
    const ran = ops.filter((o) => o.op === "StepRun");
    for (const o of ran) this.steps.set(o.id, o.data ?? null);
    return ran.map((o) => o.displayName ?? o.id);
  }

  /** One executor request: the event and every result so far, signed; the reply's signature checked. */
  private async request(): Promise<{ status: number; body: unknown }> {
    const ids = [...this.steps.keys()];
    const payload = {
      event: this.event,
      events: [this.event],
      steps: Object.fromEntries(ids.map((id) => [id, { type: "data", data: this.steps.get(id) }])),
      ctx: {
        run_id: this.runId,
        ...(this.checkpointing ? { fn_id: this.internalFnId, qi_id: `${this.runId}-${ids.length}` } : {}),
        attempt: 0,
        disable_immediate_execution: false,
        use_api: false,
        stack: { stack: ids, current: ids.length - 1 },
      },
      version: this.version,
    };
    // The SDK checks the signature over the canonical JSON of the body it parsed: send exactly that.
    const body = canonicalize(payload)!;
    const res = await fetch(this.stepUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Inngest-Signature": signatureHeader(this.signingKey, body) },
      body,
    });
    const text = await res.text();
    if (res.status !== 200 && res.status !== 206) throw new Error(`executor request answered ${res.status}: ${text}`);
    const sig = new URLSearchParams(res.headers.get("x-inngest-signature") ?? "");
    const expected = Buffer.from(hmac(this.signingKey, text, sig.get("t") ?? ""));
    const given = Buffer.from(sig.get("s") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error("the SDK's reply is not signed with the signing key");
    const version = Number(res.headers.get("x-inngest-req-version"));
    if (Number.isInteger(version)) this.version = version;
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
}
