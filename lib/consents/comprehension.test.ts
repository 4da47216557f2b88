import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { comprehensionRequestSchema, comprehensionSummary, gradeAnswers } from "./comprehension";

const questions = [
  { question: "a", options: ["x", "y"], correct: 1 },
  { question: "b", options: ["x", "y", "z"], correct: 0 },
  { question: "c", options: ["x", "y"], correct: 0 },
];

function failure(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e.errors;
    throw e;
  }
  throw new Error("did not throw");
}

describe("gradeAnswers (decisions §22)", () => {
  it("grades the first answers itself and keeps the second ones", () => {
    const r = gradeAnswers(questions, [{ first: 1, second: null }, { first: 2, second: 0 }, { first: 1, second: null }]);
    expect(r).toEqual({
      asked: 3,
      first_try_correct: 1,
      flagged: true,
      missed: [1, 2],
      answers: [{ first: 1, second: null }, { first: 2, second: 0 }, { first: 1, second: null }],
    });
    expect(comprehensionSummary(r)).toEqual({ asked: 3, first_try_correct: 1, flagged: true });
    expect(gradeAnswers(questions, [{ first: 1, second: null }, { first: 0, second: null }, { first: 0, second: null }]).flagged).toBe(false);
  });

  it("refuses answers that do not fit the questions, naming them", () => {
    expect(failure(() => gradeAnswers(questions, [{ first: 1, second: null }]))).toEqual({ answers: ["3 cevap olmalı (her soruya bir tane)"] });
    expect(failure(() => gradeAnswers(questions, [{ first: 2, second: null }, { first: 0, second: 3 }, { first: 0, second: 1 }]))).toEqual({
      "answers.0.first": ["0–1 arasında olmalı"],
      "answers.1.second": ["0–2 arasında olmalı", "yalnızca yanlış bir ilk cevaptan sonra verilir"],
      "answers.2.second": ["yalnızca yanlış bir ilk cevaptan sonra verilir"],
    });
  });

  it("bounds the request before looking at the questions", () => {
    expect(comprehensionRequestSchema.safeParse({ answers: Array.from({ length: 11 }, () => ({ first: 0 })) }).success).toBe(false);
    expect(comprehensionRequestSchema.safeParse({ answers: [{ first: 5 }] }).success).toBe(false);
    expect(comprehensionRequestSchema.parse({ answers: [{ first: 1 }] })).toEqual({ answers: [{ first: 1, second: null }] });
    expect(comprehensionSummary(null)).toBeNull();
  });
});
