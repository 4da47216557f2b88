// The verifier's command as a program: bin/e-onam-verify.mjs runs it through tsx in a checkout, and
// the e-onam-verify package bundles it and all it imports into one JavaScript file (verifier/build.mjs),
// so it must stay free of the service's settings, database and Next.js.
import { main } from "@/lib/verifier/cli";

process.exitCode = main(process.argv.slice(2));
