-- The per-address sign-in limit is counted by the rate-limit mechanism (Redis or process memory).
DROP TABLE "sign_in_throttle";
