// Ateşman's score against values computed by hand (each computation written out), not against the
// code itself: score = 198.825 − 40.175 × syllables/words − 2.610 × words/sentences, a syllable per vowel.
import { describe, expect, it } from "vitest";
import { atesman, readabilityOf, sentencesOf, syllablesOf, textBlocks } from "./readability";

describe("Ateşman readability", () => {
  it("scores two short sentences as very easy", () => {
    // Ali (A,i = 2) okula (o,u,a = 3) gitti (i,i = 2). Ayşe (A,e = 2) eve (e,e = 2) geldi (e,i = 2).
    // words 6, syllables 13, sentences 2
    // 198.825 − 40.175 × 13/6 − 2.610 × 6/2 = 198.825 − 87.0458 − 7.83 = 103.949 → 103.9
    const r = readabilityOf("<p>Ali okula gitti. Ayşe eve geldi.</p>");
    expect(r).toEqual({ score: 103.9, level: "cok_kolay", words: 6, sentences: 2, syllables: 13, hard: [] });
  });

  it("takes a heading as a sentence of its own and flags a long medical sentence", () => {
    // "Anestezi": A,e,e,i = 4 syllables, 1 word, 1 sentence (the heading's end ends it).
    // Genel 2, anestezi 4, uygulanmasını (u,u,a,a,ı,ı) 6, takiben 3, bulantı 3, kusma 2, ve 1,
    // boğaz 2, ağrısı 3, gelişebilir (e,i,e,i,i) 5: 10 words, 31 syllables.
    // whole: words 11, syllables 35, sentences 2
    // 198.825 − 40.175 × 35/11 − 2.610 × 11/2 = 198.825 − 127.8295 − 14.355 = 56.6405 → 56.6 (orta)
    // the long sentence alone: 198.825 − 40.175 × 31/10 − 2.610 × 10 = 198.825 − 124.5425 − 26.1 = 48.1825 → 48.2
    // the heading alone is 35.5 but has fewer than three words: not flagged.
    const r = readabilityOf("<h2>Anestezi</h2><p>Genel anestezi uygulanmasını takiben bulantı, kusma ve boğaz ağrısı gelişebilir.</p>");
    expect(r).toEqual({
      score: 56.6,
      level: "orta",
      words: 11,
      sentences: 2,
      syllables: 35,
      hard: [{ text: "Genel anestezi uygulanmasını takiben bulantı, kusma ve boğaz ağrısı gelişebilir.", score: 48.2 }],
    });
  });

  it("leaves placeholders out and ends a list item's sentence at its end", () => {
    // "Sayın , işlem günü yapılacak.": Sayın (a,ı) 2, işlem (i,e) 2, günü (ü,ü) 2, yapılacak (a,ı,a,a) 4
    // "Aç gelin": Aç 1, gelin 2. "İlaçlarınızı getirin": İlaçlarınızı (İ,a,a,ı,ı,ı) 6, getirin (e,i,i) 3
    // words 8, syllables 10 + 3 + 9 = 22, sentences 3
    // 198.825 − 40.175 × 22/8 − 2.610 × 8/3 = 198.825 − 110.48125 − 6.96 = 81.38375 → 81.4 (kolay)
    const r = readabilityOf("<p>Sayın {adsoyad}, işlem {tarih} günü yapılacak.</p><ul><li>Aç gelin</li><li>İlaçlarınızı getirin</li></ul>");
    expect(r).toMatchObject({ score: 81.4, level: "kolay", words: 8, sentences: 3, syllables: 22, hard: [] });
  });

  it("counts a number or an abbreviation as one syllable", () => {
    // Günde 2, 3 → 1, kez 1, 500 → 1, mg → 1, alın 2: words 6, syllables 8, sentences 1
    // 198.825 − 40.175 × 8/6 − 2.610 × 6 = 198.825 − 53.5667 − 15.66 = 129.598 → 129.6
    expect(readabilityOf("<p>Günde 3 kez 500 mg alın.</p>")).toMatchObject({ score: 129.6, words: 6, syllables: 8, sentences: 1 });
    expect(syllablesOf("KVKK")).toBe(1);
    expect(syllablesOf("Türkiye'de")).toBe(4);
  });

  it("has no score for a text without words", () => {
    expect(readabilityOf("<p>{adsoyad}</p><p> — </p>")).toBeNull();
  });

  it("splits sentences at . ! ? … and block ends, decoding entities", () => {
    expect(textBlocks("<p>Bir &amp; iki</p><table><tr><td>hücre</td><td>öteki</td></tr></table>")).toEqual(["Bir & iki", "hücre", "öteki"]);
    expect(sentencesOf(["Geldi mi? Evet! Tamam… Son"])).toEqual(["Geldi mi?", "Evet!", "Tamam…", "Son"]);
    expect(sentencesOf(["KVKK'nın 11. maddesi geçerlidir. {adsoyad} okudu."])).toEqual(["KVKK'nın 11. maddesi geçerlidir.", "{adsoyad} okudu."]);
    expect(sentencesOf(["{adsoyad}"])).toEqual([]);
    expect(atesman(13, 6, 2)).toBeCloseTo(103.949, 3);
  });
});
