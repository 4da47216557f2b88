// Prisma 6.19's query compiler passes Bytes arguments as base64 strings and leaves decoding to the
// driver adapter. @prisma/adapter-pg decodes them; pglite-prisma-adapter 0.6.1 (written for an older
// contract) does not, and PGlite refuses the string for a bytea column. This wrapper decodes them.
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlQueryable,
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

function wrap<T extends SqlQueryable>(target: T): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      if (prop === "queryRaw" || prop === "executeRaw") {
        return (query: SqlQuery) => obj[prop](decodeBytesArgs(query));
      }
      if (prop === "startTransaction") {
        return async (...args: unknown[]) => wrap(await (obj as unknown as SqlDriverAdapter).startTransaction(...(args as [])));
      }
      const value: unknown = Reflect.get(obj, prop, receiver);
      return typeof value === "function" ? value.bind(obj) : value;
    },
  });
}

export function withBytesFix(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => wrap(await factory.connect()),
    connectToShadowDb: async () => wrap(await factory.connectToShadowDb()),
  };
}
