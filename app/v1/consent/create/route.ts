// POST /v1/consent/create — alias of POST /v1/consents
import { methods } from "@/lib/api/handler";
import { createConsentHandler } from "@/app/v1/consents/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: createConsentHandler });
