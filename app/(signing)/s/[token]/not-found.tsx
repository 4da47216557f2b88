// A signing link whose consent is gone between the proxy's check and the page (proxy.ts sends an
// unknown link to app/not-found.tsx before the page runs).
import { NotFoundNotice } from "@/components/signing/not-found-notice";

export default function SigningNotFound() {
  return <NotFoundNotice what="link" />;
}
