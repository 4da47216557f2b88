// GET /panel/lang?to=…&back=… (issue #49): `back` is rebuilt with the URL parser and kept only as a
// same-origin path inside the panel; a CR/LF, a foreign or protocol-relative URL, or a path that
// leaves the panel goes back to /panel — a 303 every time, never a 500.
import { describe, expect, it } from "vitest";
import { run } from "./client";

async function lang(back: string | null, to = "en"): Promise<{ status: number; location: string | null; cookie: string | null }> {
  const q = new URLSearchParams({ to });
  if (back !== null) q.set("back", back);
  const res = await fetch(`${run.url}/panel/lang?${q}`, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), cookie: res.headers.get("set-cookie") };
}

describe("the panel's language switch", () => {
  it("goes back to a path inside the panel, query kept, and remembers the language", async () => {
    const r = await lang("/panel/consents?status=sent&q=Ay%C5%9Fe");
    expect(r.status).toBe(303);
    expect(r.location).toBe("/panel/consents?status=sent&q=Ay%C5%9Fe");
    expect(r.cookie).toMatch(/en/);
    expect((await lang(null)).location).toBe("/panel");
    expect((await lang("/panel")).location).toBe("/panel");
  });

  it("answers 303 to /panel for a CR/LF, a foreign URL or a path outside the panel, never a 500", async () => {
    for (const back of [
      "/panel?x\r\nSet-Cookie: stolen=1",
      "/panel/consents\r\nLocation: https://evil.example/",
      "/panel\n",
      "https://evil.example/panel",
      "//evil.example/panel",
      "/\\evil.example/panel",
      "\\\\evil.example/panel",
      "javascript:alert(1)//panel",
      "/panel/../api/ready",
      "/panelx",
      "/api/ready",
      "",
      "%",
      "/panel?" + "a".repeat(5000),
    ]) {
      const r = await lang(back);
      expect(r.status, JSON.stringify(back)).toBe(303);
      expect(r.location, JSON.stringify(back)).toBe("/panel");
      expect(r.cookie).toMatch(/en/);
    }
  });
});
