// The remote signing service the institution configured (issue #48 part 3), from lib/env.ts.
import { env, type Env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export interface CscSettings {
  /** ends in /csc/v2 */
  baseUrl: string;
  tokenUrl: string;
  clientId?: string;
  clientSecret?: string;
  /** a bearer token the provider issued, used instead of client_credentials */
  accessToken?: string;
  timeoutMs: number;
}

/** The settings, or null when no CSC service is configured. */
export function cscSettingsFrom(e: Env): CscSettings | null {
  if (!e.CSC_BASE_URL) return null;
  return {
    baseUrl: e.CSC_BASE_URL,
    tokenUrl: e.CSC_TOKEN_URL ?? `${e.CSC_BASE_URL}/oauth2/token`,
    clientId: e.CSC_CLIENT_ID,
    clientSecret: e.CSC_CLIENT_SECRET,
    accessToken: e.CSC_ACCESS_TOKEN,
    timeoutMs: e.CSC_TIMEOUT,
  };
}

/** The configured service, or 409 when the institution has none. */
export function cscSettingsOrThrow(e: Env = env()): CscSettings {
  const s = cscSettingsFrom(e);
  if (!s) throw new AppError("invalid_state", "Uzaktan imza hizmeti (CSC) yapılandırılmamış.");
  return s;
}
