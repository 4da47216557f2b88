// Creates a panel user of a tenant; the password is kept only as an argon2id hash.
import { hash, type Algorithm } from "@node-rs/argon2";
import { z } from "zod";
import { refuseBidiControls } from "@/lib/documents/printable";
import { AppError, parseOrThrow } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db";
import { insertUser, userByEmail } from "@/lib/db/users";
import { newId } from "@/lib/ids";

const USER_ROLES = ["owner", "admin", "staff"] as const;
export type UserRole = (typeof USER_ROLES)[number];

// Algorithm is an ambient const enum, which isolatedModules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

/** A panel password's rule, at creation and at a reset (lib/users/reset-password.ts). The upper bound keeps a hostile password from making hashing expensive. */
export const passwordSchema = z.string().min(8, { error: "en az 8 karakter olmalı" }).max(256, { error: "en fazla 256 karakter olabilir" });

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

const schema = z.object({
  tenantId: z.string().min(1),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "geçerli bir e-posta adresi olmalı" }).max(254, { error: "en fazla 254 karakter olabilir" })),
  password: passwordSchema,
  role: z.enum(USER_ROLES, { error: "owner, admin ya da staff olmalı" }).default("staff"),
  // Printed as the staff member on a refusal record and as the physician's name (decisions §19).
  name: z.string().trim().min(1).max(200).superRefine((v, ctx) => refuseBidiControls(v, ctx)).optional(),
  // Issue #51: a password typed by someone else (the owner on the team page) is known to them; its
  // user must replace it at the first sign-in. The command line's and the first run's users chose their own.
  mustChangePassword: z.boolean().default(false),
});

type CreateUserInput = z.input<typeof schema>;

export interface UserView {
  id: string;
  email: string;
  name: string | null;
  role: UserRole;
}

export async function createUser(input: CreateUserInput): Promise<UserView> {
  const i = parseOrThrow(schema, input);
  const duplicate = () => new AppError("invalid_state", `${i.email} adresiyle kayıtlı bir kullanıcı zaten var.`);
  // E-mail addresses are unique within a tenant only: the answer must not tell whether the address
  // has an account at another clinic (sign-in tells the accounts apart by their passwords). Checked
  // first for a clear message on every driver; the unique index still settles races.
  if (await userByEmail(i.tenantId, i.email)) throw duplicate();
  const passwordHash = await hashPassword(i.password);
  try {
    const user = await insertUser({ id: newId("usr"), tenantId: i.tenantId, email: i.email, name: i.name ?? null, passwordHash, role: i.role, mustChangePassword: i.mustChangePassword });
    return { ...user, role: user.role as UserRole };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}
