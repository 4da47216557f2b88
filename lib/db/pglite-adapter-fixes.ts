// Two gaps of pglite-prisma-adapter 0.6.1 (written for an older driver-adapter contract), closed by
// wrapping it:
// - Bytes: Prisma 6.19's query compiler passes Bytes arguments as base64 strings and leaves decoding
//   to the driver adapter. @prisma/adapter-pg decodes them; this adapter does not, and PGlite refuses
//   the string for a bytea column.
// - Times: it hands TIMESTAMP values on as `2026-11-23 12:00:00`, without a zone. Model queries
//   cope, but `$queryRaw` reads such a value in the process's local zone, so on a server whose TZ is
//   not UTC every raw read of a time was shifted (an open consent read as expired). @prisma/adapter-pg
//   returns `2026-11-23T12:00:00+00:00`; so does this wrapper.
import {
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlQueryable,
  type SqlResultSet,
} from "@prisma/driver-adapter-utils";

export function decodeBytesArgs(query: SqlQuery): SqlQuery {
  if (!query.argTypes.some((t) => t?.scalarType === "bytes")) return query;
  return {
    ...query,
    args: query.args.map((arg, i) =>
      query.argTypes[i]?.scalarType === "bytes" && typeof arg === "string" ? Buffer.from(arg, "base64") : arg,
    ),
  };
}

/** TIMESTAMP columns hold UTC (Prisma's convention; PGlite's session zone is UTC): say so in each value. */
export function markTimesUtc(result: SqlResultSet): SqlResultSet {
  const times = result.columnTypes.flatMap((t, i) => (t === ColumnTypeEnum.DateTime ? [i] : []));
  if (times.length === 0) return result;
  for (const row of result.rows) {
    for (const i of times) {
      const v = row[i];
      if (typeof v === "string" && !/(Z|[+-]\d{2}(:?\d{2})?)$/.test(v)) row[i] = `${v.replace(" ", "T")}+00:00`;
    }
  }
  return result;
}

function wrap<T extends SqlQueryable>(target: T): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      if (prop === "queryRaw") return async (query: SqlQuery) => markTimesUtc(await obj.queryRaw(decodeBytesArgs(query)));
      if (prop === "executeRaw") return (query: SqlQuery) => obj.executeRaw(decodeBytesArgs(query));
      if (prop === "startTransaction") {
        return async (...args: unknown[]) => wrap(await (obj as unknown as SqlDriverAdapter).startTransaction(...(args as [])));
      }
      const value: unknown = Reflect.get(obj, prop, receiver);
      return typeof value === "function" ? value.bind(obj) : value;
    },
  });
}

export function withPgliteFixes(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => wrap(await factory.connect()),
    connectToShadowDb: async () => wrap(await factory.connectToShadowDb()),
  };
}
