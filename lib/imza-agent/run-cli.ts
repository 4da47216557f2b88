// The agent as a program: bin/e-onam-imza.mjs runs it through tsx in a checkout, and the e-onam-imza
// package bundles it (imza-agent/build.mjs). Ctrl-C or SIGTERM closes the server and the card's library.
import { parseArgs, runAgent, UsageError, USAGE } from "@/lib/imza-agent/cli";
import { AGENT_VERSION } from "@/lib/imza-agent/version";

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`e-onam-imza: ${err.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (args === "help") return void process.stdout.write(`${USAGE}\n`);
  if (args === "version") return void process.stdout.write(`${AGENT_VERSION}\n`);
  try {
    const agent = await runAgent(args);
    const stop = () => {
      agent.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (err) {
    process.stderr.write(`e-onam-imza: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}

await main();
