// /panel/kiosk/cikis — decisions §26: the only panel page open while the device is a kiosk; the staff member's password unlocks it
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { panelLang } from "@/components/panel/lang";
import { KioskExit } from "@/components/panel/kiosk-view";

export default async function KioskExitPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePanelUser("consents", { kiosk: true });
  const { lang } = await panelLang(await props.searchParams);
  return <KioskExit lang={lang} />;
}
