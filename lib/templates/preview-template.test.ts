import { describe, expect, it } from "vitest";
import { previewTemplate } from "./preview-template";

describe("previewTemplate", () => {
  it("shows the body sanitized with sample values in its placeholders", () => {
    expect(previewTemplate('<p onclick="x()">Sayın {adsoyad}, {dis_no}. diş</p><script>1</script>', [{ ad: "dis_no", etiket: "Diş numarası" }])).toBe(
      '<p role="note" data-stripped="">Kaydederken kaldırılacak: onclick, &lt;script&gt;</p><p>Sayın Ayşe Yılmaz, [Diş numarası]. diş</p>',
    );
  });

  it("lists the placeholders saving would refuse above the text, which shows them as written (decisions §23)", () => {
    expect(previewTemplate("<p>{adsoyad} {girisim_tarihi} {doz} {girisim_tarihi}</p>", [{ ad: "doz" }])).toBe(
      '<p role="alert"><strong>Kaydedilemez: tanımlanmamış yer tutucu: {girisim_tarihi} — değişken olarak tanımlayın ya da metinden çıkarın.</strong></p>' +
        "<p>Ayşe Yılmaz {girisim_tarihi} [doz] {girisim_tarihi}</p>",
    );
  });

  it("says what saving would refuse instead of the text, before walking a body nested thousands deep", () => {
    expect(previewTemplate(`${"<div>".repeat(40_000)}x`, [])).toBe('<p role="alert"><strong>en çok 32 iç içe HTML öğesi olabilir</strong></p>');
    expect(previewTemplate("<p>x</p>".repeat(10_001), [])).toContain("en çok 10000 HTML öğesi olabilir");
  });
});
