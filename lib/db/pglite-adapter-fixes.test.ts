import type { SqlQuery } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { decodeBytesArgs } from "@/lib/db/pglite-bytes-fix";

describe("decodeBytesArgs", () => {
  it("decodes base64 arguments of bytes parameters only", () => {
    const q = {
      sql: "UPDATE t SET a = $1, b = $2",
      args: [Buffer.from("imza").toString("base64"), "aW16YQ=="],
      argTypes: [{ scalarType: "bytes", arity: "scalar" }, { scalarType: "string", arity: "scalar" }],
    } as unknown as SqlQuery;
    const out = decodeBytesArgs(q);
    expect(Buffer.isBuffer(out.args[0])).toBe(true);
    expect((out.args[0] as Buffer).toString()).toBe("imza");
    expect(out.args[1]).toBe("aW16YQ==");
  });
});
