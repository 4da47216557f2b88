// POST /api/public/verify — document verification without credentials, rate limited per address
import { publicVerify } from "@/lib/verification/public-verify-handler";

export const POST = publicVerify;
