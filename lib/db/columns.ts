// Column lists and SET lists spelled from Prisma's own schema (its DMMF), so that a statement written
// by hand on the driver never names a column differently from the model's `@map`.
import { Prisma } from "@prisma/client";

const columns = new Map<string, string>();

/** The column of a Prisma model's scalar field, as the model maps it (`@map`); looked up once. */
function columnOf(model: Prisma.ModelName, name: string): string {
  const key = `${model}.${name}`;
  let column = columns.get(key);
  if (column === undefined) {
    const m = Prisma.dmmf.datamodel.models.find((x) => x.name === model);
    if (!m) throw new Error(`columnOf: no model ${model}`);
    const field = m.fields.find((f) => f.name === name && f.kind === "scalar");
    if (!field) throw new Error(`columnOf: ${model} has no column ${name}`);
    column = field.dbName ?? field.name;
    columns.set(key, column);
  }
  return column;
}

/**
 * `"column" AS "field", …` for fields of a Prisma model, as the model maps them (`@map`); with
 * `aliasPrefix`, `AS "<prefix>field"`, for two models' columns in one row.
 */
export function columnsAs(model: Prisma.ModelName, fields: readonly string[], table?: string, aliasPrefix = ""): Prisma.Sql {
  const prefix = table ? `${table}.` : "";
  return Prisma.raw(fields.map((name) => `${prefix}"${columnOf(model, name)}" AS "${aliasPrefix}${name}"`).join(", "));
}

/** `"column" = value, …` for fields of a Prisma model (an UPDATE's SET list). */
export function assignments(model: Prisma.ModelName, values: Record<string, unknown>): Prisma.Sql {
  return Prisma.join(
    Object.entries(values).map(([name, value]) => Prisma.sql`${Prisma.raw(`"${columnOf(model, name)}"`)} = ${value}`),
    ", ",
  );
}
