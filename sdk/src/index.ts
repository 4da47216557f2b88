// @e-onam/sdk: the typed client of the e-Onam API, generated from its OpenAPI document into
// ./client (do not edit those files: `npm run generate`), and a webhook verification helper.
export * from "./client/index.js";
export { client } from "./client/client.gen.js";
export { createEonamClient, type EonamClientOptions } from "./create-eonam-client.js";
export { standardSecret, verifyWebhook, WebhookVerificationError, type EonamWebhook } from "./verify-webhook.js";
