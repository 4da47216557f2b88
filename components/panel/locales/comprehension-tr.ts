// decisions §22: the panel's words for how the person answered the teach-back questions (consent page, countersign page).
export const comprehensionTr = {
  title: "Anlama kontrolü",
  none: "Soru sorulmadı ya da cevaplanmadı.",
  summary: (right: number, asked: number) => `${asked} sorudan ${right} tanesi ilk denemede doğru cevaplandı.`,
  flag: "Anlama kontrolünde yanlış cevap",
  flagHint: "Kişi aşağıdaki sorulara ilk denemede yanlış cevap verdi; açıklama gösterildi. İmzalamadan önce bu konuları kişiyle yeniden konuşmanız önerilir.",
  allRight: "Bütün sorular ilk denemede doğru cevaplandı.",
  rightAnswer: "Doğru cevap",
  firstAnswer: "İlk cevabı",
  secondAnswer: "Açıklamadan sonraki cevabı",
  noSecond: "yeniden cevaplamadan devam etti",
};

export type ComprehensionMessages = typeof comprehensionTr;
