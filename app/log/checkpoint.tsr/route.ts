// GET /log/checkpoint.tsr — an RFC 3161 TimeStampResp over the SHA-256 of a checkpoint's note, at most one a minute (decisions §20);
// Log-Checkpoint-Size names the checkpoint, served at /log/checkpoint?size=N
import { publicRoute } from "@/lib/api/public-route";
import { getStampedCheckpoint } from "@/lib/transparency/serve-log";

export const GET = publicRoute({ bucket: "log" }, async () => {
  const { size, tsr } = await getStampedCheckpoint();
  return new Response(new Uint8Array(tsr), { headers: { "Content-Type": "application/timestamp-reply", "Log-Checkpoint-Size": String(size) } });
});
