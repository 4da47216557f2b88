import pino from "pino";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { problemBody } from "@/lib/api/problem";
import { errorResponse } from "@/lib/api/pipeline";

const silent = pino({ level: "silent" });

describe("the error mapper", () => {
  it("turns an unexpected error into a generic 500 problem without its message or stack", async () => {
    const res = errorResponse(new Error('relation "consents" does not exist: SELECT * FROM consents WHERE tc = 10000000146'), silent);
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ status: 500, code: "internal", title: "Internal Server Error" });
    expect(text).not.toMatch(/SELECT|consents|10000000146|at .*\.ts/);
  });

  it("maps each code to its status and keeps extension members", () => {
    expect(new AppError("quota_exhausted").status).toBe(402);
    expect(new AppError("purged").status).toBe(410);
    expect(problemBody(new AppError("purged", "silindi", undefined, { head: "ab", count: 3 }))).toMatchObject({ code: "purged", status: 410, detail: "silindi", head: "ab", count: 3 });
  });

  it("asks for Basic credentials on 401", async () => {
    expect(errorResponse(new AppError("unauthorized"), silent).headers.get("www-authenticate")).toBe('Basic realm="api"');
  });
});
