// decisions §22: the panel's words for how the person answered the teach-back questions, in English.
import type { ComprehensionMessages } from "./comprehension-tr";

export const comprehensionEn: ComprehensionMessages = {
  title: "Teach-back check",
  none: "No questions were asked or answered.",
  summary: (right: number, asked: number) => `${right} of ${asked} questions answered correctly at the first try.`,
  flag: "Wrong answer in the teach-back check",
  flagHint: "The person answered the questions below wrongly at the first try and was shown the explanation. Consider going over them with the person again before you countersign.",
  allRight: "Every question was answered correctly at the first try.",
  rightAnswer: "Correct answer",
  firstAnswer: "First answer",
  secondAnswer: "Answer after the explanation",
  noSecond: "went on without answering again",
};
