// The agent's version; imza-agent/build.mjs refuses to bundle when imza-agent/package.json says another.
export const AGENT_VERSION = "0.1.0";
