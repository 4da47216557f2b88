// The webhook row of npm run bench: deliveries a second, N due at once, to a receiver on this machine.
import { spawnSync } from "node:child_process";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type pg from "pg";
import { ROOT } from "../tests/api/server";
import type { Row } from "./bench-row";

/** N due deliveries written at once (as the outbox does), timed until a local receiver answered all. */
export async function webhookRate(receiver: http.Server, count: () => number, client: pg.Client, env: Record<string, string>): Promise<Row> {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const set = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "lib/admin/cli.ts", "webhook", "set", "--tenant", "demo", "--url", hook, "--json"], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (set.status !== 0) throw new Error(`webhook set failed: ${set.stderr}`);
  const N = Number(process.env.BENCH_WEBHOOKS ?? 2000);
  const t = performance.now();
  // One delivery with a consent (its data loaded and serialized, once per batch as for any consent),
  // the others without: a consent's deliveries go out one after the other in the order of its events
  // (issue #46), and N deliveries of one consent would measure that queue, not the deliverer.
  await client.query(
    `INSERT INTO webhook_deliveries (tenant_id, consent_id, event, created_at_iso, status, next_attempt_at)
     SELECT c.tenant_id, CASE WHEN g = 1 THEN c.id END, 'consent.cancelled', '2026-11-22T14:03:09+03:00', 'pending', now()
     FROM generate_series(1, $1::int) AS g, (SELECT tenant_id, id FROM consents WHERE id NOT LIKE 'ons_bench_%' LIMIT 1) AS c`,
    [N],
  );
  const deadline = Date.now() + 120_000;
  while (count() < N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - t) / 1000;
  const rps = count() / seconds;
  return { name: `webhook deliveries (${N} due at once)`, rps, p50: NaN, target: "≥ 300 deliveries/s", met: rps >= 300 };
}
