// Unit tests of the admin command grammar (no database).
import { describe, expect, it } from "vitest";
import { COMMAND_NAMES, describeFailure, helpText, parseCommand, UsageError } from "@/lib/admin/commands";

const bad = (argv: string[], message: RegExp) => {
  expect(() => parseCommand(argv)).toThrow(UsageError);
  expect(() => parseCommand(argv)).toThrow(message);
};

describe("parseCommand", () => {
  it("parses tenant create with every option, in both --key value and --key=value forms", () => {
    expect(
      parseCommand([
        "tenant", "create", "--code", "k1", "--name=Klinik Bir", "--type", "hastane", "--storage", "kurum",
        "--quota", "100", "--license-ends", "2027-12-31", "--json",
      ]),
    ).toEqual({
      name: "tenant create",
      json: true,
      code: "k1",
      tenantName: "Klinik Bir",
      type: "hastane",
      storage: "kurum",
      quota: 100,
      unlimited: false,
      licenseEnds: "2027-12-31",
    });
    expect(parseCommand(["tenant", "create", "--code", "k1", "--name", "N", "--unlimited"])).toMatchObject({
      json: false,
      unlimited: true,
      quota: undefined,
      storage: undefined,
    });
  });

  it("parses the other commands", () => {
    expect(parseCommand(["user", "create", "--tenant", "k1", "--email", "a@b.co", "--password", "p4ssw0rd!", "--role", "owner"])).toEqual({
      name: "user create",
      json: false,
      tenant: "k1",
      email: "a@b.co",
      password: "p4ssw0rd!",
      role: "owner",
    });
    expect(parseCommand(["key", "create", "--json", "--tenant", "k1", "--name", "ci", "--scopes", "onam:yaz, onam:oku,onam:yaz"])).toEqual({
      name: "key create",
      json: true,
      tenant: "k1",
      keyName: "ci",
      scopes: ["onam:yaz", "onam:oku"],
    });
    expect(parseCommand(["key", "revoke", "--id", "ak_x"])).toEqual({ name: "key revoke", json: false, id: "ak_x" });
    expect(parseCommand(["user", "reset-link", "--tenant", "k1", "--email", "a@b.co", "--json"])).toEqual({ name: "user reset-link", json: true, tenant: "k1", email: "a@b.co" });
    expect(parseCommand(["user", "reset-two-factor", "--tenant", "k1", "--email", "a@b.co"])).toEqual({ name: "user reset-two-factor", json: false, tenant: "k1", email: "a@b.co" });
    expect(() => parseCommand(["user", "reset-link", "--tenant", "k1"])).toThrow(/--email zorunlu/);
    expect(parseCommand(["webhook", "set", "--tenant", "k1", "--url", "https://h.example/x"])).toEqual({
      name: "webhook set",
      json: false,
      tenant: "k1",
      url: "https://h.example/x",
      events: undefined,
    });
    expect(parseCommand(["webhook", "set", "--tenant", "k1", "--url", "u", "--events", "consent.cancelled,consent.completed"])).toMatchObject({
      events: ["consent.cancelled", "consent.completed"],
    });
    expect(parseCommand(["quota", "set", "--tenant", "k1", "--remaining", "0", "--license-ends", "2028-02-29"])).toEqual({
      name: "quota set",
      json: false,
      tenant: "k1",
      remaining: 0,
      unlimited: false,
      licenseEnds: "2028-02-29",
    });
    expect(parseCommand(["quota", "set", "--tenant", "k1", "--unlimited"])).toMatchObject({ unlimited: true, remaining: undefined });
  });

  it("accepts a value starting with -- only in the --key=value form", () => {
    expect(parseCommand(["user", "create", "--tenant", "k1", "--email", "a@b.co", "--password=--weird--"])).toMatchObject({
      password: "--weird--",
    });
    bad(["user", "create", "--tenant", "k1", "--email", "a@b.co", "--password", "--json"], /--password bir değer ister/);
  });

  it("answers help in its forms", () => {
    expect(parseCommand(["help"])).toEqual({ name: "help" });
    expect(parseCommand(["--help"])).toEqual({ name: "help" });
    expect(parseCommand(["help", "key", "create"])).toEqual({ name: "help", topic: "key create" });
    expect(parseCommand(["quota", "set", "--help"])).toEqual({ name: "help", topic: "quota set" });
    expect(parseCommand(["tenant", "create", "--code", "x", "-h"])).toEqual({ name: "help", topic: "tenant create" });
  });

  it("refuses unknown commands, options and stray arguments", () => {
    bad([], /komut verilmedi/);
    bad(["tenant"], /bilinmeyen komut "tenant"/);
    bad(["tenant", "delete"], /bilinmeyen komut "tenant delete"/);
    bad(["key", "revoke", "--id", "ak_x", "--force"], /bilinmeyen seçenek --force/);
    bad(["key", "revoke", "ak_x"], /beklenmeyen argüman "ak_x"/);
    bad(["key", "revoke", "--id", "a", "--id", "b"], /--id birden fazla/);
    bad(["quota", "set", "--tenant", "k1", "--unlimited=yes"], /--unlimited değer almaz/);
  });

  it("refuses missing and invalid values", () => {
    bad(["tenant", "create", "--name", "N"], /--code zorunlu/);
    bad(["tenant", "create", "--code", "k1", "--name"], /--name bir değer ister/);
    bad(["tenant", "create", "--code", "k1", "--name", "N", "--storage", "bulut"], /--storage: "bulut" geçersiz; merkezi \| kurum/);
    bad(["tenant", "create", "--code", "k1", "--name", "N", "--quota", "-1"], /--quota: "-1" 0 ya da pozitif/);
    bad(["tenant", "create", "--code", "k1", "--name", "N", "--quota", "1.5"], /--quota/);
    bad(["tenant", "create", "--code", "k1", "--name", "N", "--quota", "5", "--unlimited"], /birlikte verilemez/);
    bad(["tenant", "create", "--code", "k1", "--name", "N", "--license-ends", "2027-02-30"], /--license-ends: "2027-02-30"/);
    bad(["tenant", "create", "--code", "k1", "--name", "N", "--license-ends", "31.12.2027"], /YYYY-MM-DD/);
    bad(["user", "create", "--tenant", "k1", "--email", "a@b.co", "--password", "x", "--role", "root"], /--role: "root"/);
    bad(["key", "create", "--tenant", "k1", "--name", "n", "--scopes", "onam:yaz,admin"], /bilinmeyen yetki admin/);
    bad(["key", "create", "--tenant", "k1", "--name", "n", "--scopes", ","], /en az bir yetki/);
    bad(["webhook", "set", "--tenant", "k1", "--url", "u", "--events", "consent.opened"], /bilinmeyen olay consent.opened/);
    bad(["quota", "set", "--tenant", "k1"], /--remaining N ya da --unlimited/);
    bad(["quota", "set", "--tenant", "k1", "--remaining", "3", "--unlimited"], /--remaining N ya da --unlimited/);
  });
});

describe("helpText", () => {
  it("lists every command, and one command's usage on request", () => {
    const all = helpText();
    for (const name of COMMAND_NAMES) expect(all).toContain(name);
    expect(helpText("key revoke")).toMatch(/^Kullanım: npm run admin -- key revoke --id ID \[--json\]/);
  });
});

describe("describeFailure", () => {
  it("names command-line options instead of field names, on one line", () => {
    expect(describeFailure("İstek doğrulanamadı.", { licenseEnds: ["a"], "scopes.1": ["b", "c"] })).toBe(
      "geçersiz değer: --license-ends: a; --scopes: b, c",
    );
    expect(describeFailure("Kayıt\nbulunamadı.")).toBe("Kayıt bulunamadı.");
  });
});
