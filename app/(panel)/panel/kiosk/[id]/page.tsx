// /panel/kiosk/[id] — decisions §26: the kiosk view of an in-person consent (kimlik_dogrulama: yuz_yuze)
// on the clinic's tablet: full screen, no panel around it; opens the consent after the staff member confirms the identity document
import { notFound } from "next/navigation";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { getKioskConsentOrThrow } from "@/lib/consents/confirm-in-person-identity";
import { AppError } from "@/lib/errors";
import { panelLang } from "@/components/panel/lang";
import { KioskStart } from "@/components/panel/kiosk-view";

export default async function KioskPage(props: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("consents");
  const id = decodeURIComponent((await props.params).id);
  const { lang } = await panelLang(await props.searchParams);
  let c: Awaited<ReturnType<typeof getKioskConsentOrThrow>>;
  try {
    c = await getKioskConsentOrThrow(user.tenantId, id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
  return <KioskStart lang={lang} id={c.id} patientName={c.patientName} open={c.open} />;
}
