// Picks the SMS driver SMS_DRIVER names (decisions §13), once per process.
import { env, EnvError, type Env } from "@/lib/env";
import { logger } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import { createFileDriver } from "@/lib/sms/file-driver";
import { createNetgsmDriver } from "@/lib/sms/netgsm-driver";
import type { SmsDriver } from "@/lib/sms/sms-driver";

export type SmsSettings = Pick<
  Env,
  "SMS_DRIVER" | "SMS_OUTBOX_PATH" | "NETGSM_URL" | "NETGSM_USERCODE" | "NETGSM_PASSWORD" | "NETGSM_HEADER"
>;

/** The driver for these settings; refuses netgsm without its credentials rather than fail on the first send. */
export function createSmsDriver(settings: SmsSettings): SmsDriver {
  switch (settings.SMS_DRIVER) {
    case "file":
      return createFileDriver(settings.SMS_OUTBOX_PATH);
    case "netgsm": {
      const { NETGSM_USERCODE: usercode, NETGSM_PASSWORD: password, NETGSM_HEADER: header } = settings;
      if (!usercode || !password || !header) {
        const missing = [!usercode && "NETGSM_USERCODE", !password && "NETGSM_PASSWORD", !header && "NETGSM_HEADER"];
        const names = missing.filter((x): x is string => Boolean(x)).join(", ");
        throw new EnvError(`Invalid settings: SMS_DRIVER=netgsm needs ${names}`);
      }
      return createNetgsmDriver({ baseUrl: settings.NETGSM_URL, usercode, password, header });
    }
  }
}

let cached: SmsDriver | undefined;

/** The driver, with every send counted for /api/metrics. */
function counted(driver: SmsDriver): SmsDriver {
  return {
    name: driver.name,
    async send(msg) {
      try {
        const r = await driver.send(msg);
        metrics().smsSent.inc({ kind: msg.kind, outcome: "sent" });
        return r;
      } catch (err) {
        metrics().smsSent.inc({ kind: msg.kind, outcome: "failed" });
        throw err;
      }
    },
  };
}

export function getSmsDriver(): SmsDriver {
  if (!cached) {
    cached = counted(createSmsDriver(env()));
    logger().info({ driver: cached.name }, "sms driver ready");
  }
  return cached;
}
