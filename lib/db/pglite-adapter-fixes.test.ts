import { ColumnTypeEnum, type SqlQuery, type SqlResultSet } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { decodeBytesArgs, markTimesUtc } from "@/lib/db/pglite-adapter-fixes";

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

describe("markTimesUtc", () => {
  it("marks zoneless TIMESTAMP values as UTC and leaves other columns and nulls alone", () => {
    const result: SqlResultSet = {
      columnNames: ["at", "label", "maybe"],
      columnTypes: [ColumnTypeEnum.DateTime, ColumnTypeEnum.Text, ColumnTypeEnum.DateTime],
      rows: [
        ["2026-11-23 12:00:00.5", "2026-11-23 12:00:00", null],
        ["2026-11-23T12:00:00+00:00", "x", "2026-11-23 01:02:03"],
      ],
    };
    const out = markTimesUtc(result);
    expect(out.rows).toEqual([
      ["2026-11-23T12:00:00.5+00:00", "2026-11-23 12:00:00", null],
      ["2026-11-23T12:00:00+00:00", "x", "2026-11-23T01:02:03+00:00"],
    ]);
    expect(new Date(out.rows[0]![0] as string).toISOString()).toBe("2026-11-23T12:00:00.500Z");
  });
});
